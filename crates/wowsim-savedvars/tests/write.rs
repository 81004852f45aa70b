//! Exact-output tests of `write`, write→parse round trips, and a seeded property test.
// 0.90000152587890625 is spelled exactly on purpose: it is a decimal tie case.
#![allow(clippy::excessive_precision)]

use wowsim_savedvars::{
    parse, write, write_with, Emitter, Limits, LineEnding, Scalar, Style, SvTable, SvValue,
    WriteOptions,
};

fn n(v: f64) -> SvValue {
    SvValue::Number(v)
}
fn s(v: &str) -> SvValue {
    SvValue::str(v)
}
fn t(array: Vec<SvValue>, hash: Vec<(SvValue, SvValue)>) -> SvValue {
    SvValue::Table(SvTable { array, hash })
}
fn var(name: &str, v: SvValue) -> (String, SvValue) {
    (name.to_string(), v)
}
fn text(vars: &[(String, SvValue)]) -> String {
    String::from_utf8(write(vars)).expect("utf8")
}

#[test]
fn exact_scalars() {
    let cases: Vec<(SvValue, &str)> = vec![
        (SvValue::Nil, "nil"),
        (SvValue::Bool(true), "true"),
        (SvValue::Bool(false), "false"),
        (n(0.0), "0"),
        (n(-0.0), "-0"),
        (n(42.0), "42"),
        (n(-7.0), "-7"),
        (n(0.1), "0.1"),
        (n(-160.7251586914063), "-160.7251586914063"),
        (n(0.90000152587890625), "0.9000015258789062"),
        (n(3.0517578125e-05), "3.0517578125e-05"),
        (n(0.0001), "0.0001"),
        (n(1e300), "1e+300"),
        (n(-2.5e-300), "-2.5e-300"),
        (n(9007199254740993.0), "9007199254740992"),
        (n(1e16), "10000000000000000"),
        (n(1e19), "1e+19"),
        (n(f64::INFINITY), "1/0"),
        (n(f64::NEG_INFINITY), "-1/0"),
        (n(f64::NAN), "0/0"),
        (s("plain"), "\"plain\""),
        (
            s("q\"b\\n\nr\rt\tz\0e\x01\x7f"),
            "\"q\\\"b\\\\n\\nr\\rt\tz\\000e\\001\\127\"",
        ),
        (SvValue::Str(vec![0xC3, 0xA9, 0xFF]), "\"\u{e9}\u{fffd}\""),
    ];
    for (v, want) in cases {
        let got = write(&[var("X", v.clone())]);
        let want_bytes = if want.contains('\u{fffd}') {
            [b"\nX = \"\xC3\xA9\xFF\"\n".as_slice()].concat()
        } else {
            format!("\nX = {want}\n").into_bytes()
        };
        assert_eq!(
            got,
            want_bytes,
            "{v:?}: {:?}",
            String::from_utf8_lossy(&got)
        );
    }
}

fn sample() -> Vec<(String, SvValue)> {
    vec![
        var(
            "DB",
            t(
                vec![s("a"), t(vec![n(1.0)], vec![]), SvValue::Nil, n(2.5)],
                vec![
                    (s("k"), SvValue::Bool(true)),
                    (n(10.0), t(vec![], vec![])),
                    (s("skip"), SvValue::Nil),
                    (SvValue::Bool(false), s("f")),
                    (t(vec![], vec![]), s("table key skipped")),
                    (n(f64::NAN), s("nan key skipped")),
                ],
            ),
        ),
        var("Other", SvValue::Nil),
        var("Count", n(3.0)),
    ]
}

#[test]
fn exact_flat_table() {
    let want = "\nDB = {\n\"a\",\n{\n1,\n},\nnil,\n2.5,\n[\"k\"] = true,\n[10] = {\n},\n[false] = \"f\",\n}\nOther = nil\nCount = 3\n";
    assert_eq!(text(&sample()), want);
}

#[test]
fn exact_indented_table_crlf() {
    let opts = WriteOptions {
        style: Style::Indented,
        line_ending: LineEnding::Crlf,
    };
    let got = String::from_utf8(write_with(&sample(), &opts)).expect("utf8");
    let want = "\r\nDB = {\r\n\t\"a\", -- [1]\r\n\t{\r\n\t\t1, -- [1]\r\n\t}, -- [2]\r\n\tnil, -- [3]\r\n\t2.5, -- [4]\r\n\t[\"k\"] = true,\r\n\t[10] = {\r\n\t},\r\n\t[false] = \"f\",\r\n}\r\nOther = nil\r\nCount = 3\r\n";
    assert_eq!(got, want);
}

#[test]
fn empty_and_deep() {
    assert_eq!(write(&[]), b"\n");
    let mut v = SvValue::Nil;
    // Derived Clone/PartialEq/Drop recurse, so keep this within what a debug-build
    // test thread's stack takes; the writer itself walks with an explicit stack.
    for _ in 0..1000 {
        v = t(vec![v], vec![]);
    }
    let out = write(&[var("D", v.clone())]);
    let lim = Limits {
        max_depth: 1000,
        ..Limits::default()
    };
    let back = parse(&out, &lim).expect("deep parses");
    assert!(back[0].1.same(&v));
}

fn roundtrip(vars: &[(String, SvValue)]) {
    for style in [Style::Flat, Style::Indented] {
        for line_ending in [LineEnding::Lf, LineEnding::Crlf] {
            let out = write_with(vars, &WriteOptions { style, line_ending });
            let back = parse(&out, &Limits::default())
                .unwrap_or_else(|e| panic!("{e} in {:?}", String::from_utf8_lossy(&out)));
            assert_eq!(back.len(), vars.len());
            for ((na, va), (nb, vb)) in vars.iter().zip(&back) {
                assert_eq!(na, nb);
                assert!(
                    va.same(vb),
                    "{va:?} != {vb:?}\n{}",
                    String::from_utf8_lossy(&out)
                );
            }
        }
    }
}

#[test]
fn roundtrip_every_kind() {
    let nums = [
        0.0,
        -0.0,
        0.1,
        1.0 / 3.0,
        1e300,
        -1e-300,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        9007199254740993.0,
        9007199254740992.0,
        2f64.powi(63),
        -(2f64.powi(63)),
        2f64.powi(70),
        123456789.123,
        0.90000152587890625,
        0.074509,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    let mut vars: Vec<_> = nums
        .iter()
        .enumerate()
        .map(|(i, &v)| var(&format!("N{i}"), n(v)))
        .collect();
    vars.push(var("S", SvValue::Str((0..=255).collect())));
    vars.push(var("E", s("")));
    vars.push(var("B", SvValue::Bool(false)));
    vars.push(var("Z", SvValue::Nil));
    vars.push(var(
        "T",
        t(
            nums.iter().map(|&v| n(v)).collect(),
            nums.iter()
                .filter(|v| !v.is_nan())
                .map(|&v| (n(v), n(v)))
                .collect(),
        ),
    ));
    roundtrip(&vars);
}

/// xorshift64*: a tiny deterministic generator so the test needs no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn number(&mut self) -> f64 {
        match self.below(6) {
            0 => self.below(2000) as f64 - 1000.0,
            1 => f64::from_bits(self.next()),
            2 => (self.next() as f64) / (self.next() as f64 + 1.0),
            3 => {
                [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 0.1][self.below(6) as usize]
            }
            4 => (self.below(1 << 53) as f64) * if self.below(2) == 0 { 1.0 } else { -1.0 },
            _ => (self.next() as f64) * 10f64.powi(self.below(600) as i32 - 300),
        }
    }
    fn bytes(&mut self) -> Vec<u8> {
        let len = self.below(12) as usize;
        (0..len)
            .map(|_| {
                if self.below(3) == 0 {
                    self.next() as u8
                } else {
                    b"ab\"\\\n\r\t ]=["[self.below(11) as usize]
                }
            })
            .collect()
    }
    fn key(&mut self) -> SvValue {
        match self.below(4) {
            0 => SvValue::Bool(self.below(2) == 0),
            1 => {
                let v = self.number();
                SvValue::Number(if v.is_nan() { 1.0 } else { v })
            }
            _ => SvValue::Str(self.bytes()),
        }
    }
    fn value(&mut self, depth: u32) -> SvValue {
        match self.below(if depth > 5 { 4 } else { 6 }) {
            0 => SvValue::Bool(self.below(2) == 0),
            1 => SvValue::Number(self.number()),
            2 | 3 => SvValue::Str(self.bytes()),
            _ => {
                let mut table = SvTable::default();
                for _ in 0..self.below(6) {
                    table.array.push(if self.below(8) == 0 {
                        SvValue::Nil
                    } else {
                        self.value(depth + 1)
                    });
                }
                for _ in 0..self.below(6) {
                    let k = self.key();
                    table.hash.push((k, self.value(depth + 1)));
                }
                SvValue::Table(table)
            }
        }
    }
}

#[test]
fn property_random_trees_roundtrip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..5000 {
        let vars: Vec<_> = (0..1 + rng.below(3))
            .map(|i| var(&format!("V{case}_{i}"), rng.value(0)))
            .collect();
        roundtrip(&vars);
    }
}

fn scalar(v: &SvValue) -> Scalar<'_> {
    match v {
        SvValue::Nil | SvValue::Table(_) => Scalar::Nil,
        SvValue::Bool(b) => Scalar::Bool(*b),
        SvValue::Number(n) => Scalar::Number(*n),
        SvValue::Str(s) => Scalar::Str(s),
    }
}

/// Feeds a tree to the streaming `Emitter`, leaving out what `write_with` skips.
fn emit(em: &mut Emitter, v: &SvValue) {
    let SvValue::Table(t) = v else {
        em.scalar(scalar(v));
        return;
    };
    em.open_table();
    for (i, v) in t.array.iter().enumerate() {
        em.array_entry(i + 1);
        emit(em, v);
    }
    for (k, v) in &t.hash {
        let skip = matches!(v, SvValue::Nil)
            || matches!(k, SvValue::Nil | SvValue::Table(_))
            || matches!(k, SvValue::Number(n) if n.is_nan());
        if !skip {
            em.hash_entry(scalar(k));
            emit(em, v);
        }
    }
    em.close_table();
}

fn emitted(vars: &[(String, SvValue)], opts: &WriteOptions) -> Vec<u8> {
    let mut em = Emitter::new(opts);
    for (name, v) in vars {
        em.var(name);
        emit(&mut em, v);
    }
    em.finish()
}

#[test]
fn emitter_writes_what_write_with_writes() {
    let styles = [
        WriteOptions::default(),
        WriteOptions {
            style: Style::Indented,
            line_ending: LineEnding::Crlf,
        },
    ];
    for opts in &styles {
        assert_eq!(emitted(&sample(), opts), write_with(&sample(), opts));
        assert_eq!(emitted(&[], opts), write_with(&[], opts));
    }
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for case in 0..2000 {
        let vars: Vec<_> = (0..1 + rng.below(3))
            .map(|i| var(&format!("V{case}_{i}"), rng.value(0)))
            .collect();
        for opts in &styles {
            assert_eq!(emitted(&vars, opts), write_with(&vars, opts), "case {case}");
        }
    }
}

#[test]
fn streaming_emitter_hands_over_the_same_bytes_in_pieces() {
    // Larger than a few stream chunks, so the bytes reach the sink in several writes.
    let rows: Vec<SvValue> = (0..20_000)
        .map(|i| {
            SvValue::Table(SvTable {
                array: vec![SvValue::Number(i as f64)],
                hash: vec![(SvValue::str("name"), SvValue::str(format!("row {i}")))],
            })
        })
        .collect();
    let vars = vec![var(
        "Big",
        SvValue::Table(SvTable {
            array: rows,
            hash: vec![],
        }),
    )];
    let opts = WriteOptions::default();
    let whole = write_with(&vars, &opts);
    assert!(whole.len() > 4 * wowsim_savedvars::STREAM_CHUNK);
    struct Pieces(Vec<u8>, usize);
    impl std::io::Write for Pieces {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.extend_from_slice(b);
            self.1 += 1;
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut sink = Pieces(Vec::new(), 0);
    let mut em = Emitter::streaming(&opts, &mut sink);
    for (name, v) in &vars {
        em.var(name);
        emit(&mut em, v);
    }
    em.finish_streaming().expect("written");
    assert!(sink.1 > 4, "{} writes", sink.1);
    assert_eq!(sink.0, whole);
}
