/*
** wow-sim: C library work charged to the instruction count (written for wow-sim; not part of
** Lua). The count hook fires each `basehookcount` VM instructions; a library function that
** loops on its arguments (the pattern matcher, string building, table.concat/insert/remove/sort,
** the VM's concatenation) takes units from the same count, about one unit per VM instruction's
** time, so the hook (the instruction budget, the deadline, the memory cap) also ends a call that
** would run on in C. Raising from the hook is what any C library error does.
*/
#ifndef lbudget_h
#define lbudget_h

#include <stddef.h>

#include "lua.h"
#include "lstate.h"

/* Takes `n' units from the count, calling the hook (perhaps several times) when it runs out. */
LUAI_FUNC void wowsim_chargehook (lua_State *L, size_t n);

#define wowsim_charge(L,n) \
  { if ((L)->hookmask & LUA_MASKCOUNT) { size_t n_ = (size_t)(n); \
      if (n_ >= (size_t)(L)->hookcount) wowsim_chargehook(L, n_); \
      else (L)->hookcount -= (int)n_; } }

/* The memory cap's large requests: a growth of this many bytes or more that would take Lua's
** heap past the cap set by wowsim_setmemcap fails (luaM_realloc_ raises LUA_ERRMEM). Smaller
** ones are left to the count hook and the host's entries, which stop the run past the cap. */
#define WOWSIM_LARGE_REQUEST ((size_t)1 << 20)

#define wowsim_pastcap(g,n) \
  ((n) >= WOWSIM_LARGE_REQUEST && (g)->memcap > 0 && (g)->totalbytes + (n) > (g)->memcap)

/* Sets the cap (bytes of Lua's heap; 0: none). */
LUA_API void wowsim_setmemcap (lua_State *L, size_t cap);

#endif
