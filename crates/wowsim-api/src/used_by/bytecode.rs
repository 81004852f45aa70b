//! Reads what a compiled Lua 5.1 chunk (`string.dump` with debug information) does with names:
//! global reads and writes, `NS.Member` reads and writes right after a global read, method calls
//! (`obj:Name(...)`), the constant keys it stores in tables and its string constants. The compiler has already
//! resolved scopes, so a global here is exactly what Lua treats as one. Only the format mlua's
//! vendored Lua 5.1 writes on this machine (little-endian, 4-byte ints and instructions, 8-byte
//! sizes and doubles) is read; anything else is an error, never a panic.

/// One thing a chunk does with a name, at a source line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// `GETGLOBAL name`.
    ReadGlobal(String),
    /// `SETGLOBAL name`.
    WriteGlobal(String),
    /// `NS.member` read right after `NS` was read as a global.
    ReadMember(String, String),
    /// `NS.member = …` (or `function NS.member`) on a global `NS`.
    WriteMember(String, String),
    /// `obj:name(...)`.
    Method(String),
    /// A constant string key stored into some table (`t.key = …`, `{ key = … }`,
    /// `function M:key()`).
    Key(String),
    /// A global (`NS` empty) or member read only to test it (`if X then`, `X and …`,
    /// `X == nil`).
    Tested(String, String),
    /// A string constant of the chunk (a prefix of names built at run time: `"Name" .. i`).
    Str(String),
}

/// Reads a chunk dump into `(line, op)` pairs, in code order per function.
pub fn read(dump: &[u8]) -> Result<Vec<(u32, Op)>, &'static str> {
    let mut r = Reader { b: dump, at: 0 };
    let header = r.take(12)?;
    if header != [0x1b, b'L', b'u', b'a', 0x51, 0, 1, 4, 8, 4, 8, 0] {
        return Err("not a Lua 5.1 dump of this platform's layout");
    }
    let mut out = Vec::new();
    r.function(&mut out, 0)?;
    Ok(out)
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

#[derive(Clone)]
enum Const {
    Nil,
    Str(String),
    Other,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], &'static str> {
        let end = self.at.checked_add(n).ok_or("truncated dump")?;
        let s = self.b.get(self.at..end).ok_or("truncated dump")?;
        self.at = end;
        Ok(s)
    }
    fn byte(&mut self) -> Result<u8, &'static str> {
        Ok(self.take(1)?[0])
    }
    fn int(&mut self) -> Result<u32, &'static str> {
        let s = self.take(4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }
    fn count(&mut self) -> Result<usize, &'static str> {
        let n = self.int()? as usize;
        // Every counted item takes at least one byte.
        if n > self.b.len() - self.at.min(self.b.len()) {
            return Err("count past the end of the dump");
        }
        Ok(n)
    }
    fn string(&mut self) -> Result<Option<String>, &'static str> {
        let s = self.take(8)?;
        let n = u64::from_le_bytes(s.try_into().map_err(|_| "truncated dump")?) as usize;
        if n == 0 {
            return Ok(None);
        }
        let bytes = self.take(n)?;
        Ok(Some(String::from_utf8_lossy(&bytes[..n - 1]).into_owned()))
    }

    /// Reads one function (and its inner ones) and returns its number of upvalues.
    fn function(&mut self, out: &mut Vec<(u32, Op)>, depth: u32) -> Result<u8, &'static str> {
        if depth > 200 {
            return Err("functions nested too deeply");
        }
        self.string()?; // source
        self.take(8)?; // linedefined, lastlinedefined
        let nups = self.take(4)?[0]; // nups, numparams, is_vararg, maxstacksize
        let n = self.count()?;
        let mut code = Vec::with_capacity(n);
        for _ in 0..n {
            code.push(self.int()?);
        }
        let n = self.count()?;
        let mut k = Vec::with_capacity(n);
        for _ in 0..n {
            k.push(match self.byte()? {
                0 => Const::Nil,
                1 => {
                    self.byte()?;
                    Const::Other
                }
                3 => {
                    self.take(8)?;
                    Const::Other
                }
                4 => Const::Str(self.string()?.unwrap_or_default()),
                _ => return Err("unknown constant type"),
            });
        }
        let mut inner = Vec::new();
        let n = self.count()?;
        let mut inner_ups = Vec::with_capacity(n);
        for _ in 0..n {
            inner_ups.push(self.function(&mut inner, depth + 1)?);
        }
        let n = self.count()?;
        let mut lines = Vec::with_capacity(n);
        for _ in 0..n {
            lines.push(self.int()?);
        }
        let n = self.count()?;
        for _ in 0..n {
            self.string()?;
            self.take(8)?;
        }
        let n = self.count()?;
        for _ in 0..n {
            self.string()?;
        }
        decode(&code, &k, &lines, &inner_ups, out);
        out.extend(k.into_iter().filter_map(|c| match c {
            Const::Str(s) => Some((0, Op::Str(s))),
            _ => None,
        }));
        out.extend(inner);
        Ok(nups)
    }
}

const LOADK: u32 = 1;
const GETGLOBAL: u32 = 5;
const GETTABLE: u32 = 6;
const SETGLOBAL: u32 = 7;
const SETTABLE: u32 = 9;
const SELF: u32 = 11;

/// Opcodes that write register A (and no other): their target forgets which global it held.
fn writes_a(op: u32) -> bool {
    matches!(op, 0..=2 | 4..=6 | 10 | 12..=21 | 36)
}

const CLOSURE: u32 = 36;
const EQ: u32 = 23;
const TEST: u32 = 26;
const TESTSET: u32 = 27;

/// Whether the value just loaded into register `reg` (at `pc`) is only tested by the next
/// instruction: `TEST reg`, `TESTSET _ reg`, or `EQ` against a nil constant.
fn tested(code: &[u32], k: &[Const], pc: usize, reg: usize) -> bool {
    let Some(next) = code.get(pc + 1) else {
        return false;
    };
    let op = next & 0x3f;
    let a = ((next >> 6) & 0xff) as usize;
    let c = (next >> 14) & 0x1ff;
    let b = (next >> 23) & 0x1ff;
    let is_nil = |x: u32| x & 0x100 != 0 && matches!(k.get((x & 0xff) as usize), Some(Const::Nil));
    match op {
        TEST => a == reg,
        TESTSET => b as usize == reg,
        EQ => (b as usize == reg && is_nil(c)) || (c as usize == reg && is_nil(b)),
        _ => false,
    }
}

fn decode(code: &[u32], k: &[Const], lines: &[u32], ups: &[u8], out: &mut Vec<(u32, Op)>) {
    // Which global each register holds, when it was just read with GETGLOBAL.
    let mut held: Vec<Option<String>> = vec![None; 256];
    let kstr = |i: u32| match k.get(i as usize) {
        Some(Const::Str(s)) => Some(s.clone()),
        _ => None,
    };
    // An RK operand naming a string constant.
    let rk = |x: u32| if x & 0x100 != 0 { kstr(x & 0xff) } else { None };
    // The pseudo-instructions after a CLOSURE (one per upvalue) are no operations of their own.
    let mut skip = 0usize;
    // A call of an object factory being set up: the register of the function and the one of
    // its name argument (`CreateFrame(type, "Name", …)`, `CreateFont("Name")`), whose
    // constant name becomes a global.
    let mut factory: Option<(usize, usize)> = None;
    for (pc, ins) in code.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let line = lines.get(pc).copied().unwrap_or(0);
        let op = ins & 0x3f;
        let a = ((ins >> 6) & 0xff) as usize;
        let c = (ins >> 14) & 0x1ff;
        let b = (ins >> 23) & 0x1ff;
        let bx = ins >> 14;
        if let Some((f, name_reg)) = factory {
            if op == LOADK && a == name_reg {
                if let Some(name) = kstr(bx) {
                    out.push((line, Op::WriteGlobal(name)));
                }
            }
            if matches!(op, 28 | 29) && a == f {
                factory = None;
            }
        }
        match op {
            GETGLOBAL => {
                if let Some(name) = kstr(bx) {
                    factory = match name.as_str() {
                        "CreateFrame" => Some((a, a + 2)),
                        "CreateFont" | "CreateFontFamily" => Some((a, a + 1)),
                        _ => factory,
                    };
                    let read = if tested(code, k, pc, a) {
                        Op::Tested(String::new(), name.clone())
                    } else {
                        Op::ReadGlobal(name.clone())
                    };
                    out.push((line, read));
                    held[a] = Some(name);
                }
                continue;
            }
            SETGLOBAL => {
                if let Some(name) = kstr(bx) {
                    out.push((line, Op::WriteGlobal(name)));
                }
            }
            GETTABLE => {
                if let (Some(ns), Some(key)) = (held[b as usize & 0xff].clone(), rk(c)) {
                    if tested(code, k, pc, a) {
                        out.push((line, Op::Tested(ns, key)));
                    } else {
                        out.push((line, Op::ReadMember(ns, key)));
                    }
                }
            }
            SETTABLE => {
                if let Some(key) = rk(b) {
                    if let Some(ns) = held[a].clone() {
                        out.push((line, Op::WriteMember(ns, key.clone())));
                    }
                    out.push((line, Op::Key(key)));
                }
            }
            CLOSURE => {
                skip = ups.get(bx as usize).copied().unwrap_or(0) as usize;
            }
            SELF => {
                if let Some(name) = rk(c) {
                    out.push((line, Op::Method(name)));
                }
                held[a] = None;
                if a < 255 {
                    held[a + 1] = None;
                }
                continue;
            }
            _ => {}
        }
        forget(&mut held, op, a);
    }
}

/// Clears what the registers an instruction writes held.
fn forget(held: &mut [Option<String>], op: u32, a: usize) {
    if writes_a(op) {
        held[a] = None;
    } else if matches!(op, 3 | 28 | 29 | 31 | 32 | 33 | 37) {
        // LOADNIL, CALL, TAILCALL, FORLOOP, FORPREP, TFORLOOP, VARARG: from A upward.
        for h in held.iter_mut().skip(a) {
            *h = None;
        }
    }
}
