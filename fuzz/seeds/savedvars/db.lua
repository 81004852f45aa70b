
SeedDB = {
["a"] = 1,
["b"] = "two \"quoted\" \\ \n",
["nested"] = {
{
1.5, -- [1]
},
[10] = true,
},
}
Other = nil
