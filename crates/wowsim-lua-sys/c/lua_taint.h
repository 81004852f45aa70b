/*
** wow-sim: the C API of the taint patch (written for wow-sim; see ltaint.h).
*/
#ifndef lua_taint_h
#define lua_taint_h

#include "lua.h"

/* The execution's taint, and setting it (the reason becomes "set" when it changes). */
LUA_API int wowsim_taint_get (lua_State *L);
LUA_API void wowsim_taint_set (lua_State *L, int taint);
/* The same through the global state (valid while the VM lives), for callers without a thread. */
LUA_API void *wowsim_taint_global (lua_State *L);
LUA_API int wowsim_taint_gget (void *global);
LUA_API void wowsim_taint_gset (void *global, int taint);
/* The taint of slot [top] of the table at tidx (raw; 0 when absent); pops the key. */
LUA_API int wowsim_taint_ofslot (lua_State *L, int tidx);
/* Sets the taint of the existing slot [top] of the table at tidx; pops the key; 0 if absent. */
LUA_API int wowsim_taint_setslot (lua_State *L, int tidx, int taint);
/* From Lua code's point of view, reads slot [kidx] of the table at tidx (taints if it is). */
LUA_API void wowsim_taint_readslot (lua_State *L, int tidx, int kidx);
/* rawset for Lua code: stamps the slot with the running taint (lua_rawset stamps secure). */
LUA_API void wowsim_taint_rawset (lua_State *L, int idx);
/* The taint of the Lua closure at idx (0 for C functions and other values), and setting it. */
LUA_API int wowsim_taint_offunction (lua_State *L, int idx);
LUA_API void wowsim_taint_setfunction (lua_State *L, int idx, int taint);
/* Why the execution is tainted: the kind (WOWSIM_TAINT_*), and the key, source and line. */
LUA_API int wowsim_taint_greason (void *global, const char **key, const char **src, int *line);
/* Puts back a reason read with wowsim_taint_greason (after nested code changed it). */
LUA_API void wowsim_taint_gsetreason (void *global, int kind, const char *key, const char *src,
                                      int line);
/* Installs (or with NULL removes) the callback for writes to the globals table. */
LUA_API void wowsim_taint_onwrite (lua_State *L,
                                   void (*fn) (void *, int, int, const char *, const char *, int),
                                   void *ud);

#endif
