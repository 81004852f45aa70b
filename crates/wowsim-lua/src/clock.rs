//! The injected clock: virtual time for headless runs (deterministic, fast-forwardable); the GUI
//! advances it from the wall clock. Everything time-related in the VM reads this.

/// Seconds since the Unix epoch that a virtual session starts at (2026-01-01 00:00:00 UTC),
/// so that `time()` and `date()` are deterministic in headless runs.
pub(crate) const DEFAULT_EPOCH: i64 = 1_767_225_600;

/// `GetTime()` at log-in: the client reports machine uptime; any fixed value is faithful enough.
pub(crate) const START_GETTIME: f64 = 1000.0;

/// Milliseconds of the precise clock (`debugprofilestop`, `GetTimePreciseSec`) per Lua
/// instruction run: a nominal 400 M instructions a second, the rate the default script budget
/// (`budget::DEFAULT_SCRIPT_BUDGET`, about 1 s of tight Lua) is set from.
pub(crate) const MS_PER_INSTRUCTION: f64 = 1000.0 / 400_000_000.0;

/// The virtual clock, stored in the VM's app data.
///
/// `GetTime()` is the frame's time; the precise clock (`debugprofilestop`, `GetTimePreciseSec`)
/// also advances within a frame, with the Lua instructions run since the frame started
/// (counted by the budget's hook, in its steps), so code that measures its own work (a test
/// suite that yields when half a frame is spent, a loop until 5 ms pass) sees time pass, and
/// runs stay deterministic. It never goes back: a frame whose work outlasted the frame's
/// length delays the next frame's readings, as a long frame does in the client.
#[derive(Clone, Debug)]
pub struct Clock {
    now: f64,
    start: f64,
    epoch: i64,
    /// The precise clock's reading at `debugprofilestart` (ms).
    profile_start: f64,
    frame: u64,
    last_elapsed: f64,
    /// Instructions counted when the frame started.
    frame_instructions: u64,
    /// The precise clock's last reading (ms), so that it never goes back.
    precise_last: std::cell::Cell<f64>,
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
            profile_start: START_GETTIME * 1000.0,
            frame: 0,
            last_elapsed: 1.0 / 60.0,
            frame_instructions: 0,
            precise_last: std::cell::Cell::new(START_GETTIME * 1000.0),
        }
    }

    /// `GetTime()`: seconds, advancing with every tick.
    pub fn now(&self) -> f64 {
        self.now
    }

    /// Advances by `dt` seconds (one frame); `instructions` is the budget's count of Lua
    /// instructions run so far ([`crate::budget::instructions`]).
    pub fn advance(&mut self, dt: f64, instructions: u64) {
        self.now += dt;
        self.frame += 1;
        self.last_elapsed = dt;
        self.frame_instructions = instructions;
    }

    /// The precise clock in milliseconds, with `instructions` counted so far: the frame's time
    /// plus the work done in the frame, never less than its last reading.
    pub fn precise_ms(&self, instructions: u64) -> f64 {
        let work = instructions.saturating_sub(self.frame_instructions) as f64;
        let t = (self.now * 1000.0 + work * MS_PER_INSTRUCTION).max(self.precise_last.get());
        self.precise_last.set(t);
        t
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

    /// `debugprofilestart()`, with the instructions counted so far.
    pub fn profile_start(&mut self, instructions: u64) {
        self.profile_start = self.precise_ms(instructions);
    }

    /// `debugprofilestop()`: milliseconds of the precise clock since `debugprofilestart` (or
    /// log-in), with the instructions counted so far.
    pub fn profile_stop(&self, instructions: u64) -> f64 {
        self.precise_ms(instructions) - self.profile_start
    }
}
