//! Table-driven tests of `parse`: every accepted construct and every error position.

use wowsim_savedvars::{parse, parse_with, Builder, Built, Limits, ParseError, SvTable, SvValue};

fn n(v: f64) -> SvValue {
    SvValue::Number(v)
}
fn s(v: &str) -> SvValue {
    SvValue::str(v)
}
fn t(array: Vec<SvValue>, hash: Vec<(SvValue, SvValue)>) -> SvValue {
    SvValue::Table(SvTable { array, hash })
}
fn one(src: &str) -> SvValue {
    let vars = parse(src.as_bytes(), &Limits::default()).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    assert_eq!(vars.len(), 1, "{src:?}");
    assert_eq!(vars[0].0, "X");
    vars.into_iter()
        .next()
        .map(|(_, v)| v)
        .unwrap_or(SvValue::Nil)
}

#[test]
fn accepted_values() {
    let cases: Vec<(&str, SvValue)> = vec![
        ("X = nil", SvValue::Nil),
        ("X = true", SvValue::Bool(true)),
        ("X = false", SvValue::Bool(false)),
        ("X = 42", n(42.0)),
        ("X = -42", n(-42.0)),
        ("X = - - 3", n(3.0)),
        ("X = 0.1", n(0.1)),
        ("X = .5", n(0.5)),
        ("X = 5.", n(5.0)),
        ("X = 1e300", n(1e300)),
        ("X = 3.0517578125e-05", n(3.0517578125e-05)),
        ("X = 1E+2", n(100.0)),
        ("X = 0x1F", n(31.0)),
        ("X = 0XfF", n(255.0)),
        ("X = -0x10", n(-16.0)),
        ("X = 1/0", n(f64::INFINITY)),
        ("X = -1/0", n(f64::NEG_INFINITY)),
        (
            "X = \"a\\\"b\\\\c\\n\\r\\t\\a\\b\\f\\v\"",
            s("a\"b\\c\n\r\t\x07\x08\x0c\x0b"),
        ),
        ("X = 'it\\'s \"q\"'", s("it's \"q\"")),
        ("X = \"\\065\\0661\\9\"", s("AB1\t")),
        ("X = \"\\0\"", SvValue::Str(vec![0])),
        ("X = \"\\q\"", s("q")),
        ("X = \"line\\\nnext\"", s("line\nnext")),
        ("X = \"line\\\r\nnext\"", s("line\nnext")),
        ("X = \"caf\u{e9}\"", s("caf\u{e9}")),
        ("X = [[long]]", s("long")),
        (
            "X = [[\nfirst newline dropped]]",
            s("first newline dropped"),
        ),
        ("X = [==[a]]b]=]c]==]", s("a]]b]=]c")),
        ("X = [[a\r\nb\rc]]", s("a\nb\nc")),
        ("X = {}", t(vec![], vec![])),
        ("X = {1, 2, 3,}", t(vec![n(1.0), n(2.0), n(3.0)], vec![])),
        ("X = {1; 2; 3;}", t(vec![n(1.0), n(2.0), n(3.0)], vec![])),
        (
            "X = {1, nil, 3}",
            t(vec![n(1.0), SvValue::Nil, n(3.0)], vec![]),
        ),
        (
            "X = { key = 1, [\"k2\"] = 2, [3] = 3, [true] = 4, [-1.5] = 5 }",
            t(
                vec![],
                vec![
                    (s("key"), n(1.0)),
                    (s("k2"), n(2.0)),
                    (n(3.0), n(3.0)),
                    (SvValue::Bool(true), n(4.0)),
                    (n(-1.5), n(5.0)),
                ],
            ),
        ),
        ("X = { [ [[k]] ] = 1 }", t(vec![], vec![(s("k"), n(1.0))])),
        (
            "X = {\"a\", -- [1]\n k = {}, \"b\", -- [2]\n}",
            t(vec![s("a"), s("b")], vec![(s("k"), t(vec![], vec![]))]),
        ),
        (
            "X = {[\"f\"] = nil --[[ skipped inline function ]],\n}",
            t(vec![], vec![(s("f"), SvValue::Nil)]),
        ),
        (
            "X = {{{}}}",
            t(vec![t(vec![t(vec![], vec![])], vec![])], vec![]),
        ),
        ("\u{feff}X = 1", n(1.0)),
        ("-- c\nX --[[ c ]] = --[==[ c\n]==] 1 -- c", n(1.0)),
        ("X = 1;", n(1.0)),
    ];
    for (src, want) in cases {
        let got = one(src);
        assert!(got.same(&want), "{src:?}: got {got:?}, want {want:?}");
    }
    let nan = one("X = 0/0");
    assert!(matches!(nan, SvValue::Number(v) if v.is_nan()));
    let negzero = one("X = -0");
    assert!(matches!(negzero, SvValue::Number(v) if v == 0.0 && v.is_sign_negative()));
}

#[test]
fn whole_files() {
    let lim = Limits::default();
    assert_eq!(parse(b"", &lim), Ok(vec![]));
    assert_eq!(
        parse(b"-- only a comment\n--[[ and a\nlong one ]]", &lim),
        Ok(vec![])
    );
    assert_eq!(parse(b"\r\n\r\n", &lim), Ok(vec![]));
    let got = parse(b"\nA = 1\nB = nil\nA = 2; C = 'x' D = {}\n", &lim).expect("parses");
    let want = vec![
        ("A".to_string(), n(1.0)),
        ("B".to_string(), SvValue::Nil),
        ("A".to_string(), n(2.0)),
        ("C".to_string(), s("x")),
        ("D".to_string(), t(vec![], vec![])),
    ];
    assert_eq!(got, want);
}

fn err(src: &[u8], limits: &Limits) -> ParseError {
    match parse(src, limits) {
        Ok(v) => panic!("{:?} parsed as {v:?}", String::from_utf8_lossy(src)),
        Err(e) => e,
    }
}

#[test]
fn errors_with_positions() {
    let lim = Limits::default();
    let cases: &[(&str, u32, u32, &str)] = &[
        ("X = foo", 1, 5, "'foo' is a variable reference"),
        ("X = inf", 1, 5, "non-finite"),
        ("X = print(1)", 1, 5, "'print' is a variable reference"),
        ("X = 1 + 2", 1, 7, "expected a variable name"),
        ("X = {1 + 2}", 1, 8, "expected ',' or '}'"),
        ("X = {a.b = 1}", 1, 6, "'a' is a variable reference"),
        ("X = 'a' 'b'", 1, 9, "expected a variable name"),
        ("X = {f(1)}", 1, 6, "variable reference"),
        ("X = function() end", 1, 5, "functions are not allowed"),
        ("local X = 1", 1, 1, "'local' is not allowed"),
        ("X.y = 1", 1, 2, "expected '='"),
        ("X == 1", 1, 4, "expected a value, found '='"),
        ("X = Y", 1, 5, "'Y' is a variable reference"),
        ("X = 1, 2", 1, 6, "expected a variable name"),
        ("\n\n  X = {\n\t[1] 2}", 4, 6, "expected '='"),
        ("X = {[nil] = 1}", 1, 7, "table index is nil"),
        ("X = {[0/0] = 1}", 1, 7, "table index is NaN"),
        ("X = {[{}] = 1}", 1, 7, "table keys are not supported"),
        ("X = {[1 = 2}", 1, 9, "expected ']'"),
        ("X = 1/2", 1, 6, "only 1/0, -1/0 and 0/0"),
        (
            "X = -\"a\"",
            1,
            6,
            "unary minus must be followed by a number",
        ),
        ("X = \"abc", 1, 5, "unfinished string"),
        ("X = \"ab\nc\"", 1, 5, "unfinished string"),
        ("X = [[abc", 1, 5, "unfinished long string"),
        ("--[[ never closed\nX = 1", 1, 1, "unfinished long comment"),
        ("X = [=abc", 1, 5, "invalid long string delimiter"),
        ("X = \"\\256\"", 1, 6, "escape sequence too large"),
        ("X = 1.2.3", 1, 5, "malformed number near '1.2.3'"),
        ("X = 0x", 1, 5, "malformed number"),
        ("X = 12abc", 1, 5, "malformed number"),
        ("X = {", 1, 6, "expected a value, found end of file"),
        ("X = {1", 1, 7, "expected ',' or '}'"),
        ("X =", 1, 4, "expected a value"),
        ("X = }", 1, 5, "expected a value"),
        ("X = @", 1, 5, "expected a value, found '@'"),
        ("X = 1\r\nY = 2\r\nZ = ?", 3, 5, "found '?'"),
        ("X = 1\rY = ?", 2, 5, "found '?'"),
        ("X = 1\n\rY = ?", 2, 5, "found '?'"),
        ("X = \u{e9}", 1, 5, "unexpected byte 0xC3"),
        ("1 = 2", 1, 1, "expected a variable name"),
    ];
    for &(src, line, col, msg) in cases {
        let e = err(src.as_bytes(), &lim);
        assert_eq!((e.line, e.column), (line, col), "{src:?}: {e}");
        assert!(
            e.message.contains(msg),
            "{src:?}: message {:?} lacks {msg:?}",
            e.message
        );
    }
}

#[test]
fn encodings() {
    let lim = Limits::default();
    let utf16le: Vec<u8> = b"\xFF\xFE"
        .iter()
        .copied()
        .chain("X = 1".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let utf16be: Vec<u8> = b"\xFE\xFF"
        .iter()
        .copied()
        .chain("X = 1".encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    let bare: Vec<u8> = "X = 1".encode_utf16().flat_map(u16::to_le_bytes).collect();
    for src in [utf16le, utf16be, bare] {
        let e = err(&src, &lim);
        assert_eq!(
            e.message,
            "file is UTF-16; SavedVariables must be UTF-8/ASCII"
        );
        assert_eq!((e.line, e.column), (1, 1));
    }
    // Invalid UTF-8 inside a string is fine: Lua strings are bytes.
    let vars = parse(b"X = \"\xFF\xFE\x80\"", &lim).expect("bytes in strings");
    assert_eq!(vars[0].1, SvValue::Str(vec![0xFF, 0xFE, 0x80]));
}

#[test]
fn limits() {
    let deep = format!("X = {}{}", "{".repeat(100_000), "}".repeat(100_000));
    let e = err(deep.as_bytes(), &Limits::default());
    assert!(e.message.contains("nested deeper than 512"), "{e}");
    assert_eq!((e.line, e.column), (1, 5 + 512));
    let small = Limits {
        max_depth: 2,
        ..Limits::default()
    };
    assert!(parse(b"X = {{}}", &small).is_ok());
    assert_eq!(err(b"X = {{{}}}", &small).column, 7);
    let tiny = Limits {
        max_bytes: 4,
        ..Limits::default()
    };
    assert!(err(b"X = 1", &tiny).message.contains("over the limit"));
    let few = Limits {
        max_nodes: 3,
        ..Limits::default()
    };
    assert!(parse(b"X = {1, 2}", &few).is_ok());
    let e = err(b"X = {1, 2, 3}", &few);
    assert!(e.message.contains("node limit"), "{e}");
    assert_eq!(e.column, 12);
    // Deep but allowed nesting parses without recursion and drops fine.
    let ok = Limits {
        max_depth: 5000,
        ..Limits::default()
    };
    let src = format!("X = {}{}", "{".repeat(5000), "}".repeat(5000));
    assert!(parse(src.as_bytes(), &ok).is_ok());
}

/// Records each table as it closes: its entries as text, with child tables by close number.
struct Closes(Vec<String>);

impl Builder for Closes {
    type Table = usize;
    type Error = String;
    fn table(
        &mut self,
        array: Vec<Built<usize>>,
        hash: Vec<(SvValue, Built<usize>)>,
    ) -> Result<usize, String> {
        let show = |v: &Built<usize>| match v {
            Built::Const(c) => format!("{c:?}"),
            Built::Table(i) => format!("#{i}"),
        };
        let mut parts: Vec<String> = array.iter().map(show).collect();
        parts.extend(hash.iter().map(|(k, v)| format!("{k:?}={}", show(v))));
        if parts.iter().any(|p| p == "Number(7.0)") {
            return Err("builder stopped".into());
        }
        self.0.push(parts.join(" "));
        Ok(self.0.len() - 1)
    }
}

#[test]
fn builders_get_tables_as_they_close() {
    let src = b"A = { 1, { 'x' }, k = { { } }, 2 }\nB = 3";
    let mut b = Closes(Vec::new());
    let vars = parse_with(src, &Limits::default(), &mut b)
        .expect("builder ok")
        .expect("parses");
    // Inner tables close first; positional and keyed entries each keep file order.
    assert_eq!(
        b.0,
        [
            "Str([120])",
            "",
            "#1",
            "Number(1.0) #0 Number(2.0) Str([107])=#2",
        ]
    );
    assert!(matches!(vars[0], (ref n, Built::Table(3)) if n == "A"));
    assert!(matches!(vars[1], (ref n, Built::Const(SvValue::Number(v))) if n == "B" && v == 3.0));
    // The file's errors stay the inner error; the builder's stop the parse as the outer one.
    let bad = parse_with(b"A = { 1, ", &Limits::default(), &mut Closes(Vec::new()));
    assert!(matches!(bad, Ok(Err(ParseError { line: 1, .. }))));
    let stopped = parse_with(b"A = { 7 }", &Limits::default(), &mut Closes(Vec::new()));
    assert_eq!(stopped.err().as_deref(), Some("builder stopped"));
}
