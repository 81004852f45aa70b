//! The injected clock: virtual time for headless runs (deterministic, fast-forwardable); the GUI
//! advances it from the wall clock. Everything time-related in the VM reads this.

/// Seconds since the Unix epoch that a virtual session starts at (2026-01-01 00:00:00 UTC),
/// so that `time()` and `date()` are deterministic in headless runs.
pub(crate) const DEFAULT_EPOCH: i64 = 1_767_225_600;

/// `GetTime()` at log-in: the client reports machine uptime; any fixed value is faithful enough.
pub(crate) const START_GETTIME: f64 = 1000.0;

/// The virtual clock, stored in the VM's app data.
#[derive(Clone, Debug)]
pub struct Clock {
    now: f64,
    start: f64,
    epoch: i64,
    profile_start: f64,
    frame: u64,
    last_elapsed: f64,
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new(DEFAULT_EPOCH)
    }
}

impl Clock {
    pub fn new(epoch: i64) -> Self {
        Clock {
            now: START_GETTIME,
            start: START_GETTIME,
            epoch,
            profile_start: START_GETTIME,
            frame: 0,
            last_elapsed: 1.0 / 60.0,
        }
    }

    /// `GetTime()`: seconds, advancing with every tick.
    pub fn now(&self) -> f64 {
        self.now
    }

    /// Advances by `dt` seconds (one frame).
    pub fn advance(&mut self, dt: f64) {
        self.now += dt;
        self.frame += 1;
        self.last_elapsed = dt;
    }

    /// Frames drawn so far (`GetFramerate` derives from the last tick).
    pub fn frame(&self) -> u64 {
        self.frame
    }

    pub fn framerate(&self) -> f64 {
        if self.last_elapsed > 0.0 {
            1.0 / self.last_elapsed
        } else {
            0.0
        }
    }

    /// The `GetTime()` value at Unix time `unix` (seconds) of the virtual wall clock.
    pub fn gettime_at_unix(&self, unix: f64) -> f64 {
        self.start + (unix - self.epoch as f64)
    }

    /// `time()`: Unix seconds of the virtual wall clock.
    pub(crate) fn unix_time(&self) -> i64 {
        self.epoch + (self.now - self.start).floor() as i64
    }

    /// `debugprofilestart()`.
    pub fn profile_start(&mut self) {
        self.profile_start = self.now;
    }

    /// `debugprofilestop()`: milliseconds since `debugprofilestart` (or log-in).
    pub fn profile_stop(&self) -> f64 {
        (self.now - self.profile_start) * 1000.0
    }
}
