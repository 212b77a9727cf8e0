//! A picture costs bounded memory whatever it holds (issue 65): a 1 x 1 PNG
//! whose colour profile (iCCP) or compressed text (zTXt) inflates to 1 GiB
//! is refused, or read, within a quarter of a gigabyte. One test in a file
//! of its own: the peak measured is this process's (Linux `VmHWM`).

use flagfall::tools::input_bench;

/// The most a hostile picture may cost, beside what the process held before.
const BOUND_MB: f64 = 256.0;

#[test]
fn a_picture_that_inflates_to_a_gigabyte_costs_bounded_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: no /proc to measure memory by");
        return;
    }
    for case in ["inflating-profile", "inflating-text"] {
        let cost = input_bench::run(case, None).unwrap();
        assert!(cost.input_bytes < 2 << 20, "{case}: a small file");
        let used = cost.peak_mb - cost.rss_before_mb;
        assert!(
            used < BOUND_MB,
            "{case}: {used:.0} MB over what was held before ({})",
            cost.outcome
        );
    }
}
