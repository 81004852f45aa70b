/*
** wow-sim: taint tracking inside the VM (written for wow-sim; not part of Lua).
** A taint is an int: 0 is secure, any other value names an addon (wowsim-lua keeps the
** names). The execution's taint lives in the global state. Every value has one (the TValue's
** `taint` field): a stack slot takes the running taint when it is written; a table slot or an
** upvalue written by Lua code takes the taint of the value stored (a constant stored directly:
** the taint of the function whose constant it is);
** writes by C code are secure. Lua closures keep the taint of the execution that created them
** (or that set their environment). Reading a tainted slot or upvalue from Lua code, or calling
** a tainted closure, taints a secure execution.
*/
#ifndef ltaint_h
#define ltaint_h

/* How the execution became tainted (the reason kept for error records and the taint log). */
#define WOWSIM_TAINT_NONE 0
#define WOWSIM_TAINT_READ 1
#define WOWSIM_TAINT_CALL 2
#define WOWSIM_TAINT_SET 3

#define WOWSIM_TAINT_KEYLEN 96
#define WOWSIM_TAINT_SRCLEN 192

/* Called (when set) for each write to the globals table that changes the slot's taint. */
typedef void (*wowsim_taint_writefn) (void *ud, int taint, int old, const char *key,
                                      const char *src, int line);

struct lua_TValue;
struct Proto;

LUAI_FUNC void wowsim_taint_fromread (lua_State *L, const struct lua_TValue *key, int taint);
LUAI_FUNC void wowsim_taint_fromcall (lua_State *L, const struct Proto *p, int taint);
struct LClosure;
LUAI_FUNC void wowsim_taint_fromreturn (lua_State *L, const struct LClosure *returning);
LUAI_FUNC void wowsim_taint_globalwrite (lua_State *L, const struct lua_TValue *key, int old,
                                         int now);
LUAI_FUNC void wowsim_taint_fromupvalue (lua_State *L, int taint);

/* A stack slot written now takes the running execution's taint. */
#define wowsim_stamp(L,o) ((o)->taint = G(L)->taint)

#endif
