//! The edits that add taint tracking to Lua 5.1.5's sources (see `c/ltaint.h` for the model).
//! Each edit replaces one exact, unique piece of a file; the build fails if a piece is missing or
//! appears twice, so a changed upstream source is noticed instead of half patched.

/// One edit: in `file`, the text `from` (exactly once) becomes `to`.
pub struct Edit {
    pub file: &'static str,
    pub from: &'static str,
    pub to: &'static str,
}

/// Every edit, by file.
pub const EDITS: &[Edit] = &[
    // Values: the taint of a TValue (a table slot's, an upvalue's, a stack slot's). The field takes the
    // padding after `tt`, so a TValue stays 16 bytes on 64-bit targets.
    Edit {
        file: "lobject.h",
        from: "#define TValuefields\tValue value; int tt\n",
        to: "#define TValuefields\tValue value; int tt; int taint\n",
    },
    // Writes by Lua code stamp the execution's taint (writes by C functions, the client's own
    // code, stamp secure, as the client's C side writes); moves inside a table (rehash) keep
    // the slot's.
    Edit {
        file: "lobject.h",
        from: "#define setobjt2t\tsetobj\n",
        to: "#define setobjt2t(L,obj1,obj2) \\\n  { const TValue *t2_=(obj2); TValue *t1_=(obj1); \\\n    setobj(L, t1_, t2_); t1_->taint = t2_->taint; }\n",
    },
    Edit {
        file: "lobject.h",
        from: "#define setobj2t\tsetobj\n",
        to: "#define setobj2t(L,obj1,obj2) \\\n  { const TValue *t2_=(obj2); TValue *t1_=(obj1); setobj(L, t1_, t2_); \\\n    t1_->taint = isLua(L->ci) ? t2_->taint : 0; }\n",
    },
    // Values on the stack carry the taint of the execution that put them there: every write
    // of a stack slot (a register, an argument, a result) stamps the running taint. A table
    // slot written by Lua code then takes its value's taint: a value loaded while secure stays
    // secure when tainted code stores it, a constant stored directly has its function's taint, and a value
    // made while tainted is tainted.
    Edit {
        file: "lobject.h",
        from: "#define setobjs2s\tsetobj\n",
        to: "#define setobjs2s(L,obj1,obj2) \\\n  { TValue *s1_=(obj1); setobj(L, s1_, obj2); wowsim_stamp(L, s1_); }\n",
    },
    Edit {
        file: "lobject.h",
        from: "#define setobj2s\tsetobj\n",
        to: "#define setobj2s(L,obj1,obj2) \\\n  { TValue *s1_=(obj1); setobj(L, s1_, obj2); wowsim_stamp(L, s1_); }\n",
    },
    Edit {
        file: "lapi.c",
        from: "#define api_incr_top(L)   {api_check(L, L->top < L->ci->top); L->top++;}",
        to: "#define api_incr_top(L)   {api_check(L, L->top < L->ci->top); wowsim_stamp(L, L->top); L->top++;}",
    },
    Edit {
        file: "lapi.c",
        from: "      setnilvalue(L->top++);\n",
        to: "      { wowsim_stamp(L, L->top); setnilvalue(L->top++); }\n",
    },
    Edit {
        file: "ldo.c",
        from: "    setnilvalue(L->top++);\n",
        to: "    { wowsim_stamp(L, L->top); setnilvalue(L->top++); }\n",
    },
    Edit {
        file: "ldo.c",
        from: "    setnilvalue(fixed+i);\n",
        to: "    wowsim_stamp(L, fixed+i);\n    setnilvalue(fixed+i);\n",
    },
    Edit {
        file: "ldo.c",
        from: "      setnilvalue(st);\n",
        to: "      { wowsim_stamp(L, st); setnilvalue(st); }\n",
    },
    Edit {
        file: "ldo.c",
        from: "    setnilvalue(res++);\n",
        to: "    { wowsim_stamp(L, res); setnilvalue(res++); }\n",
    },
    // Upvalues keep their value's taint when they close; a new one is secure.
    Edit {
        file: "lfunc.c",
        from: "      setobj(L, &uv->u.value, uv->v);\n",
        to: "      setobj(L, &uv->u.value, uv->v);\n      uv->u.value.taint = uv->v->taint;\n",
    },
    Edit {
        file: "lfunc.c",
        from: "  setnilvalue(uv->v);\n  return uv;\n",
        to: "  setnilvalue(uv->v);\n  uv->v->taint = 0;\n  return uv;\n",
    },
    // The VM: an instruction that sets register A stamps it first (the value it writes leaves
    // the field alone; reads that taint the execution stamp again as they copy).
    Edit {
        file: "lvm.c",
        from: "    switch (GET_OPCODE(i)) {\n      case OP_MOVE: {\n",
        to: "    if (testAMode(GET_OPCODE(i))) wowsim_stamp(L, ra);\n    switch (GET_OPCODE(i)) {\n      case OP_MOVE: {\n",
    },
    Edit {
        file: "lvm.c",
        from: "          setnilvalue(rb--);\n",
        to: "          wowsim_stamp(L, rb);\n          setnilvalue(rb--);\n",
    },
    Edit {
        file: "lvm.c",
        from: "          setnvalue(ra+3, idx);  /* ...and external index */\n",
        to: "          setnvalue(ra+3, idx);  /* ...and external index */\n          wowsim_stamp(L, ra+3);\n",
    },
    Edit {
        file: "lvm.c",
        from: "            setnilvalue(ra + j);\n",
        to: "            wowsim_stamp(L, ra + j);\n            setnilvalue(ra + j);\n",
    },
    // Reading a tainted upvalue taints a secure execution; writing one keeps the value's taint.
    Edit {
        file: "lvm.c",
        from: "        int b = GETARG_B(i);\n        setobj2s(L, ra, cl->upvals[b]->v);\n",
        to: "        int b = GETARG_B(i);\n        if (cl->upvals[b]->v->taint != 0 && G(L)->taint == 0)\n          wowsim_taint_fromupvalue(L, cl->upvals[b]->v->taint);\n        setobj2s(L, ra, cl->upvals[b]->v);\n",
    },
    Edit {
        file: "lvm.c",
        from: "        setobj(L, uv->v, ra);\n",
        to: "        setobj(L, uv->v, ra);\n        uv->v->taint = ra->taint;\n",
    },
    // A constant stored directly by SETTABLE carries the taint of the function whose constant
    // it is (an addon's code: the addon's; secure code that became tainted: secure).
    Edit {
        file: "lvm.c",
        from: "        Protect(luaV_settable(L, ra, RKB(i), RKC(i)));\n",
        to: "        TValue kv_;\n        TValue *rc_ = RKC(i);\n        if (ISK(GETARG_C(i))) { kv_ = *rc_; kv_.taint = cl->taint; rc_ = &kv_; }\n        Protect(luaV_settable(L, ra, RKB(i), rc_));\n",
    },
    // A write through a `__newindex` that tainted code set taints a secure execution.
    Edit {
        file: "lvm.c",
        from: "      /* else will try the tag method */\n    }\n    else if (ttisnil(tm = luaT_gettmbyobj(L, t, TM_NEWINDEX)))\n",
        to: "      if (tm->taint != 0 && G(L)->taint == 0 && isLua(L->ci))\n        wowsim_taint_fromread(L, key, tm->taint);\n      /* else will try the tag method */\n    }\n    else if (ttisnil(tm = luaT_gettmbyobj(L, t, TM_NEWINDEX)))\n",
    },
    // Closures: the taint of the execution that created them (C functions: always secure).
    Edit {
        file: "lobject.h",
        from: "\tstruct Table *env\n",
        to: "\tstruct Table *env; int taint\n",
    },
    Edit {
        file: "lobject.h",
        from: "LUAI_FUNC void luaO_chunkid (char *out, const char *source, size_t len);\n",
        to: "LUAI_FUNC void luaO_chunkid (char *out, const char *source, size_t len);\n\n#include \"ltaint.h\"\n",
    },
    Edit {
        file: "lfunc.c",
        from: "  c->c.isC = 1;\n",
        to: "  c->c.isC = 1;\n  c->c.taint = 0;\n",
    },
    Edit {
        file: "lfunc.c",
        from: "  c->l.isC = 0;\n",
        to: "  c->l.isC = 0;\n  c->l.taint = G(L)->taint;\n",
    },
    // The execution's taint and why, kept in the global state.
    Edit {
        file: "lstate.h",
        from: "  TString *tmname[TM_N];  /* array with tag-method names */\n} global_State;",
        to: "  TString *tmname[TM_N];  /* array with tag-method names */\n  int taint;  /* wow-sim: the running execution's taint (0: secure) */\n  int taint_kind;  /* wow-sim: why (WOWSIM_TAINT_*) */\n  int taint_line;\n  char taint_key[WOWSIM_TAINT_KEYLEN];\n  char taint_src[WOWSIM_TAINT_SRCLEN];\n  wowsim_taint_writefn taint_write;  /* wow-sim: told of global writes */\n  void *taint_ud;\n} global_State;",
    },
    Edit {
        file: "lstate.c",
        from: "  g->gcdept = 0;\n",
        to: "  g->gcdept = 0;\n  g->taint = 0;\n  g->taint_kind = 0;\n  g->taint_line = 0;\n  g->taint_key[0] = '\\0';\n  g->taint_src[0] = '\\0';\n  g->taint_write = NULL;\n  g->taint_ud = NULL;\n",
    },
    // New slots start secure.
    Edit {
        file: "ltable.c",
        from: "  {{{NULL}, LUA_TNIL, NULL}}  /* key */\n",
        to: "  {{{NULL}, LUA_TNIL, 0, NULL}}  /* key */\n",
    },
    Edit {
        file: "ltable.c",
        from: "     setnilvalue(&t->array[i]);\n",
        to: "     { setnilvalue(&t->array[i]); t->array[i].taint = 0; }\n",
    },
    Edit {
        file: "ltable.c",
        from: "      setnilvalue(gval(n));\n",
        to: "      setnilvalue(gval(n));\n      gval(n)->taint = 0;\n",
    },
    // Lua code reading a tainted slot taints a secure execution (C code reading does not).
    Edit {
        file: "lvm.c",
        from: "      const TValue *res = luaH_get(h, key); /* do a primitive get */\n",
        to: "      const TValue *res = luaH_get(h, key); /* do a primitive get */\n      if (res->taint != 0 && G(L)->taint == 0 && isLua(L->ci))\n        wowsim_taint_fromread(L, key, res->taint);\n",
    },
    // Writes to the globals table that change a slot's taint are reported (the taint log and
    // the "written where, by whom" of error records).
    Edit {
        file: "lvm.c",
        from: "        setobj2t(L, oldval, val);\n        h->flags = 0;\n",
        to: "        int oldtaint_ = oldval->taint;\n        setobj2t(L, oldval, val);\n        if (oldtaint_ != oldval->taint && G(L)->taint_write != NULL && isLua(L->ci) && h == hvalue(gt(L)))\n          wowsim_taint_globalwrite(L, key, oldtaint_, oldval->taint);\n        h->flags = 0;\n",
    },
    // Calling a tainted closure taints a secure execution.
    Edit {
        file: "ldo.c",
        from: "  cl = &clvalue(func)->l;\n  L->ci->savedpc = L->savedpc;\n",
        to: "  cl = &clvalue(func)->l;\n  if (cl->taint != 0 && G(L)->taint == 0)\n    wowsim_taint_fromcall(L, cl->isC ? NULL : cl->p, cl->taint);\n  L->ci->savedpc = L->savedpc;\n",
    },
    // Returning into a Lua function whose closure is tainted (tainted code set its
    // environment) taints a secure execution, as calling it does; returns from wow-sim's own
    // Lua (its versions of the client's C functions, such as securecall) do not, as returns
    // from C functions do not.
    Edit {
        file: "lvm.c",
        from: "          if (b) L->top = L->ci->top;\n",
        to: "          if (b) L->top = L->ci->top;\n          if (clvalue(L->ci->func)->l.taint != 0 && G(L)->taint == 0)\n            wowsim_taint_fromreturn(L, cl);\n",
    },
    // A finalizer runs at any moment: it leaves the interrupted execution's taint as it was.
    Edit {
        file: "lgc.c",
        from: "    luaD_call(L, L->top - 2, 0);\n    L->allowhook = oldah;",
        to: "    { int taint_ = g->taint; luaD_call(L, L->top - 2, 0); g->taint = taint_; }\n    L->allowhook = oldah;",
    },
    // The base library's raw reads are Lua code's reads.
    Edit {
        file: "lbaselib.c",
        from: "#include \"lualib.h\"\n",
        to: "#include \"lualib.h\"\n#include \"lua_taint.h\"\n",
    },
    Edit {
        file: "lbaselib.c",
        from: "  lua_settop(L, 3);\n  lua_rawset(L, 1);\n",
        to: "  lua_settop(L, 3);\n  wowsim_taint_rawset(L, 1);\n",
    },
    Edit {
        file: "lbaselib.c",
        from: "  lua_settop(L, 2);\n  lua_rawget(L, 1);\n",
        to: "  lua_settop(L, 2);\n  wowsim_taint_readslot(L, 1, 2);\n  lua_rawget(L, 1);\n",
    },
    Edit {
        file: "lbaselib.c",
        from: "  if (lua_next(L, 1))\n    return 2;\n",
        to: "  if (lua_next(L, 1)) {\n    wowsim_taint_readslot(L, 1, -2);\n    return 2;\n  }\n",
    },
    Edit {
        file: "lbaselib.c",
        from: "  lua_pushinteger(L, i);\n  lua_rawgeti(L, 1, i);\n",
        to: "  lua_pushinteger(L, i);\n  wowsim_taint_readslot(L, 1, -1);\n  lua_rawgeti(L, 1, i);\n",
    },
    // The patch's own functions, compiled with lapi.c's helpers.
    Edit {
        file: "lapi.c",
        from: "#include \"lvm.h\"\n",
        to: "#include \"lvm.h\"\n#include \"ltaint.h\"\n",
    },
];

/// The text appended to `lapi.c`.
pub const LAPI_TAIL: &str = "\n#include \"ltaint_api.inc\"\n";
