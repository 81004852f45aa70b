/*
** wow-sim: the slow path of wowsim_charge (written for wow-sim; see lbudget.h).
*/

#define lbudget_c
#define LUA_CORE

#include "lua.h"

#include "ldo.h"
#include "lstate.h"
#include "lbudget.h"


/* The count hook, as luaD_callhook calls it, but with the position of the innermost Lua
** function (the one whose call of a C function, perhaps through pcall, is running), so that
** the hook's message names that line, as it would for a loop in Lua. */
static void callhook (lua_State *L) {
  lua_Hook hook = L->hook;
  if (hook && L->allowhook) {
    ptrdiff_t top = savestack(L, L->top);
    ptrdiff_t ci_top = savestack(L, L->ci->top);
    CallInfo *at = L->ci;
    lua_Debug ar;
    while (!isLua(at) && at - 1 > L->base_ci) at--;
    ar.event = LUA_HOOKCOUNT;
    ar.currentline = -1;
    ar.i_ci = cast_int(at - L->base_ci);
    luaD_checkstack(L, LUA_MINSTACK);
    L->ci->top = L->top + LUA_MINSTACK;
    L->allowhook = 0;
    (*hook)(L, &ar);
    L->allowhook = 1;
    L->ci->top = restorestack(L, ci_top);
    L->top = restorestack(L, top);
  }
}


void wowsim_chargehook (lua_State *L, size_t n) {
  size_t base = (size_t)L->basehookcount;
  size_t rest, steps;
  if (base == 0 || L->hookcount < 0) return;
  if (n < (size_t)L->hookcount) {
    L->hookcount -= (int)n;
    return;
  }
  /* the count reaches 0 once, and once more for each whole hook step left in n */
  rest = n - (size_t)L->hookcount;
  steps = 1 + rest / base;
  L->hookcount = (int)(base - rest % base);
  if (!L->allowhook) return;  /* in a hook or a finalizer: as the VM, no hook there */
  while (steps-- > 0) callhook(L);
}


LUA_API void wowsim_setmemcap (lua_State *L, size_t cap) {
  G(L)->memcap = cap;
}
