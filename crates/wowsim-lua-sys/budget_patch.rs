//! The edits that charge C library work to the instruction count (see `c/lbudget.h`): each
//! loop of the library that runs on an addon's input (the pattern matcher, string building,
//! `table.concat`, `insert`, `remove`, `maxn`, `sort`, the VM's concatenation) takes units from
//! the count hook's counter, about one unit per VM instruction's time (measured in
//! docs/hardening.md), so `--script-budget`, `--timeout` and the memory cap end such a call
//! with the hook's message. Applied after `patch.rs`'s edits, by the same rules.

use crate::patch::Edit;

/// Every edit, by file.
pub const EDITS: &[Edit] = &[
    // The matcher: one unit per pattern item tried (each `match` step), plus the length of a
    // long class scanned, the subject scanned by `*`/`+`, `%b` and back-references.
    Edit {
        file: "lstrlib.c",
        from: "#include \"lualib.h\"\n",
        to: "#include \"lualib.h\"\n#include \"lbudget.h\"\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "    int cont = 1;\n    while (++s < ms->src_end) {\n      if (*s == e) {\n        if (--cont == 0) return s+1;\n      }\n",
        to: "    int cont = 1;\n    while (++s < ms->src_end) {\n      wowsim_charge(ms->L, 1);\n      if (*s == e) {\n        if (--cont == 0) return s+1;\n      }\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  while ((s+i)<ms->src_end && singlematch(uchar(*(s+i)), p, ep))\n    i++;\n",
        to: "  while ((s+i)<ms->src_end && singlematch(uchar(*(s+i)), p, ep))\n    i++;\n  wowsim_charge(ms->L, (size_t)i * (1 + ((size_t)(ep - p) >> 4)));\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  for (;;) {\n    const char *res = match(ms, s, ep+1);\n",
        to: "  for (;;) {\n    const char *res;\n    wowsim_charge(ms->L, (size_t)(ep - p) >> 4);\n    res = match(ms, s, ep+1);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  len = ms->capture[l].len;\n",
        to: "  len = ms->capture[l].len;\n  wowsim_charge(ms->L, len >> 4);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  init: /* using goto's to optimize tail recursion */\n",
        to: "  init: /* using goto's to optimize tail recursion */\n  wowsim_charge(ms->L, 1);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "          ep = classend(ms, p);  /* points to what is next */\n",
        to: "          ep = classend(ms, p);  /* points to what is next */\n          wowsim_charge(ms->L, (size_t)(ep - p) >> 3);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "      int m = s<ms->src_end && singlematch(uchar(*s), p, ep);\n",
        to: "      int m = s<ms->src_end && singlematch(uchar(*s), p, ep);\n      wowsim_charge(ms->L, (size_t)(ep - p) >> 4);\n",
    },
    // Plain search: each candidate's comparison, and the subject scanned.
    Edit {
        file: "lstrlib.c",
        from: "static const char *lmemfind (const char *s1, size_t l1,\n",
        to: "static const char *lmemfind (lua_State *L, const char *s1, size_t l1,\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "    l1 = l1-l2;  /* `s2' cannot be found after that */\n",
        to: "    l1 = l1-l2;  /* `s2' cannot be found after that */\n    wowsim_charge(L, l1 >> 6);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "      init++;   /* 1st char is already checked */\n",
        to: "      init++;   /* 1st char is already checked */\n      wowsim_charge(L, 1 + (l2 >> 6));\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "    const char *s2 = lmemfind(s+init, l1-init, p, l2);\n",
        to: "    const char *s2 = lmemfind(L, s+init, l1-init, p, l2);\n",
    },
    // String building, byte by byte: one unit per 8 bytes (and per piece).
    Edit {
        file: "lstrlib.c",
        from: "  while (l--) luaL_addchar(&b, s[l]);\n",
        to: "  wowsim_charge(L, l >> 3);\n  while (l--) luaL_addchar(&b, s[l]);\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  for (i=0; i<l; i++)\n    luaL_addchar(&b, tolower(uchar(s[i])));\n",
        to: "  wowsim_charge(L, l >> 3);\n  for (i=0; i<l; i++)\n    luaL_addchar(&b, tolower(uchar(s[i])));\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  for (i=0; i<l; i++)\n    luaL_addchar(&b, toupper(uchar(s[i])));\n",
        to: "  wowsim_charge(L, l >> 3);\n  for (i=0; i<l; i++)\n    luaL_addchar(&b, toupper(uchar(s[i])));\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "  while (n-- > 0)\n    luaL_addlstring(&b, s, l);\n",
        to: "  while (n-- > 0) {\n    wowsim_charge(L, 1 + (l >> 3));\n    luaL_addlstring(&b, s, l);\n  }\n",
    },
    // gsub's replacement string, the whole match (`%0`) and captures it copies.
    Edit {
        file: "lstrlib.c",
        from: "  const char *news = lua_tolstring(ms->L, 3, &l);\n",
        to: "  const char *news = lua_tolstring(ms->L, 3, &l);\n  wowsim_charge(ms->L, 1 + (l >> 3));\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "      else if (news[i] == '0')\n          luaL_addlstring(b, s, e - s);\n",
        to: "      else if (news[i] == '0') {\n          wowsim_charge(ms->L, (size_t)(e - s) >> 3);\n          luaL_addlstring(b, s, e - s);\n      }\n",
    },
    Edit {
        file: "lstrlib.c",
        from: "        push_onecapture(ms, news[i] - '1', s, e);\n        luaL_addvalue(b);  /* add capture to accumulated result */\n",
        to: "        push_onecapture(ms, news[i] - '1', s, e);\n        wowsim_charge(ms->L, lua_objlen(ms->L, -1) >> 3);\n        luaL_addvalue(b);  /* add capture to accumulated result */\n",
    },
    // %q copies its string byte by byte.
    Edit {
        file: "lstrlib.c",
        from: "  const char *s = luaL_checklstring(L, arg, &l);\n  luaL_addchar(b, '\"');\n",
        to: "  const char *s = luaL_checklstring(L, arg, &l);\n  wowsim_charge(L, l >> 3);\n  luaL_addchar(b, '\"');\n",
    },
    // The table library: one unit per element moved, visited, compared or joined.
    Edit {
        file: "ltablib.c",
        from: "#include \"lualib.h\"\n",
        to: "#include \"lualib.h\"\n#include \"lbudget.h\"\n",
    },
    Edit {
        file: "ltablib.c",
        from: "  while (lua_next(L, 1)) {\n    lua_pop(L, 1);  /* remove value */\n",
        to: "  while (lua_next(L, 1)) {\n    wowsim_charge(L, 1);\n    lua_pop(L, 1);  /* remove value */\n",
    },
    Edit {
        file: "ltablib.c",
        from: "      for (i = e; i > pos; i--) {  /* move up elements */\n",
        to: "      for (i = e; i > pos; i--) {  /* move up elements */\n        wowsim_charge(L, 1);\n",
    },
    Edit {
        file: "ltablib.c",
        from: "  for ( ;pos<e; pos++) {\n",
        to: "  for ( ;pos<e; pos++) {\n    wowsim_charge(L, 1);\n",
    },
    Edit {
        file: "ltablib.c",
        from: "    luaL_addvalue(b);\n}\n",
        to: "  wowsim_charge(L, 1 + (lua_objlen(L, -1) >> 5));\n  luaL_addvalue(b);\n}\n",
    },
    Edit {
        file: "ltablib.c",
        from: "    addfield(L, &b, i);\n    luaL_addlstring(&b, sep, lsep);\n",
        to: "    addfield(L, &b, i);\n    wowsim_charge(L, lsep >> 3);\n    luaL_addlstring(&b, sep, lsep);\n",
    },
    Edit {
        file: "ltablib.c",
        from: "static int sort_comp (lua_State *L, int a, int b) {\n",
        to: "static int sort_comp (lua_State *L, int a, int b) {\n  wowsim_charge(L, 1);\n",
    },
    // The VM's `..`: one unit per 32 bytes copied (only from Lua code: `lua_concat`, which C
    // functions call, some of them mlua's Rust, is never interrupted).
    Edit {
        file: "lvm.c",
        from: "#include \"lvm.h\"\n",
        to: "#include \"lvm.h\"\n#include \"lbudget.h\"\n",
    },
    Edit {
        file: "lvm.c",
        from: "      setsvalue2s(L, top-n, luaS_newlstr(L, buffer, tl));\n",
        to: "      setsvalue2s(L, top-n, luaS_newlstr(L, buffer, tl));\n      if (isLua(L->ci)) wowsim_charge(L, tl >> 5);\n",
    },
    // The memory cap's one large request (`wowsim_setmemcap`, `c/lbudget.h`): Lua's own
    // allocation routine refuses a growth of `WOWSIM_LARGE_REQUEST` bytes or more that would take
    // its heap past the cap, raising its "not enough memory" where the code asked for it. Held
    // here rather than by an allocator wrapped around mlua's, so that mlua keeps seeing its own
    // allocator: it then pushes a protected call's two C functions directly instead of through
    // `lua_cpcall` and two registry slots (three C closures of garbage a call, not two), and no
    // allocation goes through a second function.
    Edit {
        file: "lstate.h",
        from: "  void *taint_ud;\n} global_State;",
        to: "  void *taint_ud;\n  size_t memcap;  /* wow-sim: the memory cap of large requests (0: none) */\n} global_State;",
    },
    Edit {
        file: "lstate.c",
        from: "  g->taint_ud = NULL;\n",
        to: "  g->taint_ud = NULL;\n  g->memcap = 0;\n",
    },
    Edit {
        file: "lmem.c",
        from: "#include \"lstate.h\"\n",
        to: "#include \"lstate.h\"\n#include \"lbudget.h\"\n",
    },
    Edit {
        file: "lmem.c",
        from: "  block = (*g->frealloc)(g->ud, block, osize, nsize);\n",
        to: "  if (nsize > osize && wowsim_pastcap(g, nsize - osize))\n    luaD_throw(L, LUA_ERRMEM);\n  block = (*g->frealloc)(g->ud, block, osize, nsize);\n",
    },
];
