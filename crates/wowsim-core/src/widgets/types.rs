//! The UI object types wow-sim knows and their inheritance (the client's names).
//! Every type inherits the methods of its `base`; `frame` marks types `CreateFrame` accepts.

/// One UI object type.
pub struct TypeDef {
    pub name: &'static str,
    pub base: Option<&'static str>,
    pub frame: bool,
}

const fn t(name: &'static str, base: Option<&'static str>, frame: bool) -> TypeDef {
    TypeDef { name, base, frame }
}

/// Every type, bases before derived types.
pub const TYPES: &[TypeDef] = &[
    t("ScriptObject", None, false),
    t("Region", Some("ScriptObject"), false),
    t("Frame", Some("Region"), true),
    t("Button", Some("Frame"), true),
    t("CheckButton", Some("Button"), true),
    t("ItemButton", Some("Button"), true),
    t("DropdownButton", Some("Button"), true),
    t("EditBox", Some("Frame"), true),
    t("ScrollFrame", Some("Frame"), true),
    t("Slider", Some("Frame"), true),
    t("StatusBar", Some("Frame"), true),
    t("Cooldown", Some("Frame"), true),
    t("GameTooltip", Some("Frame"), true),
    t("MessageFrame", Some("Frame"), true),
    t("ScrollingMessageFrame", Some("Frame"), true),
    t("SimpleHTML", Some("Frame"), true),
    t("ColorSelect", Some("Frame"), true),
    t("Model", Some("Frame"), true),
    t("PlayerModel", Some("Model"), true),
    t("DressUpModel", Some("PlayerModel"), true),
    t("CinematicModel", Some("PlayerModel"), true),
    t("TabardModel", Some("PlayerModel"), true),
    t("ModelScene", Some("Frame"), true),
    t("Minimap", Some("Frame"), true),
    t("MovieFrame", Some("Frame"), true),
    t("Browser", Some("Frame"), true),
    t("EventFrame", Some("Frame"), true),
    t("Texture", Some("Region"), false),
    t("MaskTexture", Some("Texture"), false),
    t("Line", Some("Texture"), false),
    t("FontString", Some("Region"), false),
    t("Font", None, false),
    t("AnimationGroup", Some("ScriptObject"), false),
    t("Animation", Some("ScriptObject"), false),
];

/// Index of a type by exact name (the client's type names are matched case-insensitively by
/// `CreateFrame`; use `find_ci` for that).
pub fn find(name: &str) -> Option<usize> {
    TYPES.iter().position(|t| t.name == name)
}

/// Case-insensitive lookup, as `CreateFrame("button")` works in the client.
pub fn find_ci(name: &str) -> Option<usize> {
    TYPES.iter().position(|t| t.name.eq_ignore_ascii_case(name))
}

/// Whether type `idx` is `ancestor` or derives from it.
pub fn is_a(idx: usize, ancestor: &str) -> bool {
    let mut cur = Some(TYPES[idx].name);
    while let Some(n) = cur {
        if n.eq_ignore_ascii_case(ancestor) {
            return true;
        }
        cur = find(n).and_then(|i| TYPES[i].base);
    }
    false
}

/// The type and its bases, most derived first.
pub fn lineage(idx: usize) -> Vec<usize> {
    let mut out = vec![idx];
    let mut cur = TYPES[idx].base;
    while let Some(n) = cur {
        let Some(i) = find(n) else { break };
        out.push(i);
        cur = TYPES[i].base;
    }
    out
}
