//! Fuzz target: the texture decoders (BLP, TGA, PNG) must return an image or an error for any
//! bytes; the first byte picks the decoder so one corpus covers all three.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let name = match which % 3 {
        0 => "fuzz.blp",
        1 => "fuzz.tga",
        _ => "fuzz.png",
    };
    let _ = wowsim_raster::decode::decode(rest, name);
});
