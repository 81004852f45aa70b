//! Prints the embedded data size and the time to parse each product (run with `--release`).

use std::time::Instant;

use wowsim_data::{data, Flavor};

fn main() {
    for p in Flavor::ALL {
        let d = data(p);
        let start = Instant::now();
        d.apis();
        let apis = start.elapsed();
        d.load_all();
        let all = start.elapsed();
        println!(
            "{:<12} apis {:>5} parsed in {:>6.2} ms; all kinds in {:>6.2} ms (build {} {})",
            p.as_str(),
            d.apis().len(),
            apis.as_secs_f64() * 1e3,
            all.as_secs_f64() * 1e3,
            d.build().version,
            d.build().build,
        );
    }
}
