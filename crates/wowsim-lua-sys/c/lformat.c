/*
** wow-sim: string.format as the client's (written for wow-sim).
**
** What the client's format does beyond Lua 5.1's, as its public test suites state it (elune's
** script cases and wowless's in-client string.format tests):
**   - a conversion may name its argument, `%n$d` with one or two digits n (`%0$d` is the
**     format string itself); the next conversion without a position takes the one after it;
**   - flags may repeat (`%--++  00##d`), a width and a precision have at most two digits each,
**     and flags, width and precision together at most 16 characters; beyond that the error is
**     "invalid format (width or precision too long)";
**   - `%d` and `%i` read their argument as a number where it converts and 0 otherwise (a
**     missing or nil argument formats as "0"); the other conversions check their argument;
**   - `%F` formats as `%f`;
**   - `%s` without a precision keeps a string of 100 bytes or more whole (no width applied).
** Everything else is Lua 5.1's format: the conversions and their errors.
*/

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"

/* Flags, width and precision of one conversion, together. */
#define WOWSIM_SPEC_MAX 16
/* One formatted item: a width and a precision of 99 at most keep every conversion below. */
#define WOWSIM_ITEM_MAX 512

static int is_flag (char c) {
  return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0';
}

/* `%q`: a string Lua reads back as the same string. */
static void add_quoted (lua_State *L, luaL_Buffer *b, int arg) {
  size_t l;
  const char *s = luaL_checklstring(L, arg, &l);
  const char *e = s + l;
  luaL_addchar(b, '"');
  for (; s < e; s++) {
    if (*s == '"' || *s == '\\' || *s == '\n') {
      luaL_addchar(b, '\\');
      luaL_addchar(b, *s);
    } else if (*s == '\r') {
      luaL_addlstring(b, "\\r", 2);
    } else if (*s == '\0') {
      luaL_addlstring(b, "\\000", 4);
    } else {
      luaL_addchar(b, *s);
    }
  }
  luaL_addchar(b, '"');
}

/* A double as the C conversion to a 64-bit integer gives it on x86-64 (the smallest integer
** for NaN and out-of-range values), without the undefined behaviour of a plain cast. */
static long long to_integer (lua_Number d) {
  if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0)) {
    return (long long)(-9223372036854775807LL - 1);
  }
  return (long long)d;
}

/* `form` + "ll" before its conversion character `c`. */
static void integer_form (char *form, size_t len, char c) {
  form[len] = 'l';
  form[len + 1] = 'l';
  form[len + 2] = c;
  form[len + 3] = '\0';
}

int wowsim_str_format (lua_State *L) {
  size_t flen;
  const char *p = luaL_checklstring(L, 1, &flen);
  const char *end = p + flen;
  int arg = 1;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  while (p < end) {
    const char *spec;
    size_t speclen, width = 0, precision = 0;
    char form[WOWSIM_SPEC_MAX + 6];
    char item[WOWSIM_ITEM_MAX];
    char c;
    if (*p != '%') {
      luaL_addchar(&b, *p++);
      continue;
    }
    p++;
    if (p < end && *p == '%') {
      luaL_addchar(&b, '%');
      p++;
      continue;
    }
    arg++;
    /* A position: one or two digits and '$'. */
    {
      const char *q = p;
      int n = -1;
      if (q < end && isdigit((unsigned char)*q)) {
        n = *q++ - '0';
        if (q < end && isdigit((unsigned char)*q)) n = n * 10 + (*q++ - '0');
      }
      if (n >= 0 && q < end && *q == '$') {
        arg = n + 1;
        p = q + 1;
      }
    }
    spec = p;
    while (p < end && is_flag(*p)) p++;
    for (; p < end && isdigit((unsigned char)*p); p++) width++;
    if (p < end && *p == '.') {
      p++;
      for (; p < end && isdigit((unsigned char)*p); p++) precision++;
    }
    speclen = (size_t)(p - spec);
    if (width > 2 || precision > 2 || speclen > WOWSIM_SPEC_MAX) {
      return luaL_error(L, "invalid format (width or precision too long)");
    }
    form[0] = '%';
    memcpy(form + 1, spec, speclen);
    form[1 + speclen] = '\0';
    c = p < end ? *p++ : '\0';
    switch (c) {
      case 'c':
        snprintf(item, sizeof item, strcat(form, "c"), (int)luaL_checknumber(L, arg));
        break;
      case 'd':
      case 'i':
        integer_form(form, 1 + speclen, c);
        snprintf(item, sizeof item, form, to_integer(lua_tonumber(L, arg)));
        break;
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        integer_form(form, 1 + speclen, c);
        snprintf(item, sizeof item, form,
                 (unsigned long long)to_integer(luaL_checknumber(L, arg)));
        break;
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        char conv[2] = { c == 'F' ? 'f' : c, '\0' };
        snprintf(item, sizeof item, strcat(form, conv), (double)luaL_checknumber(L, arg));
        break;
      }
      case 'q':
        add_quoted(L, &b, arg);
        continue;
      case 's': {
        size_t l;
        const char *s = luaL_checklstring(L, arg, &l);
        if (memchr(spec, '.', speclen) == NULL && l >= 100) {
          lua_pushvalue(L, arg);
          luaL_addvalue(&b);
          continue;
        }
        snprintf(item, sizeof item, strcat(form, "s"), s);
        break;
      }
      default:
        return luaL_error(L, "invalid option " LUA_QL("%%%c") " to " LUA_QL("format"), c);
    }
    luaL_addlstring(&b, item, strlen(item));
  }
  luaL_pushresult(&b);
  return 1;
}
