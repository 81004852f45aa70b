//! The system calls of the warm start (Unix): passing the client's standard streams over the
//! socket (`SCM_RIGHTS`), forking a copy of the template per run, putting the streams in
//! place in the copy, waiting for a connection with a bound, and ending the copy at once.
//!
//! The template forks from its only thread (the global-string scan has joined by the end of
//! `Simulator::new`), so the copy's allocator and VM are consistent, as in `test_cmd/fork.rs`.

#![allow(unsafe_code)]

use std::io::{self, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// Runs `f` on a message of one data byte (`byte`) with a control buffer for `n`
/// descriptors: the set-up [`send_fds`] and [`recv_fds`] share.
fn with_message<R>(n: usize, byte: &mut [u8; 1], f: impl FnOnce(&mut libc::msghdr) -> R) -> R {
    let bytes = (n * std::mem::size_of::<RawFd>()) as u32;
    // SAFETY: CMSG_SPACE only computes a size.
    let space = unsafe { libc::CMSG_SPACE(bytes) } as usize;
    let mut control = vec![0u8; space];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    // SAFETY: an all-zero msghdr is valid; the pointers set below outlive the call of `f`.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = space as _;
    f(&mut msg)
}

/// Sends `fds` with one byte of data.
pub fn send_fds(sock: &UnixStream, fds: &[RawFd]) -> io::Result<()> {
    let bytes = std::mem::size_of_val(fds) as u32;
    with_message(fds.len(), &mut [b'F'], |msg| {
        // SAFETY: the control buffer has room for one header with `bytes` of data
        // (CMSG_SPACE); `msg` is fully set up for sendmsg.
        unsafe {
            let cmsg = libc::CMSG_FIRSTHDR(msg);
            (*cmsg).cmsg_level = libc::SOL_SOCKET;
            (*cmsg).cmsg_type = libc::SCM_RIGHTS;
            (*cmsg).cmsg_len = libc::CMSG_LEN(bytes) as _;
            std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(cmsg).cast(), fds.len());
            if libc::sendmsg(sock.as_raw_fd(), msg, 0) != 1 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(())
    })
}

/// Receives the byte and the descriptors [`send_fds`] sent (exactly `n` of them).
pub fn recv_fds(sock: &UnixStream, n: usize) -> io::Result<Vec<OwnedFd>> {
    let out = with_message(n, &mut [0u8], |msg| {
        // SAFETY: `msg` describes valid buffers; received descriptors are close-on-exec.
        let got = unsafe { libc::recvmsg(sock.as_raw_fd(), msg, libc::MSG_CMSG_CLOEXEC) };
        if got != 1 {
            return Err(io::Error::other("no streams received"));
        }
        // SAFETY: the kernel filled the control buffer of `msg`.
        Ok(unsafe { received_fds(msg) })
    })?;
    if out.len() != n {
        return Err(io::Error::other("wrong number of streams received"));
    }
    Ok(out)
}

/// The descriptors of a received message's first `SCM_RIGHTS` header.
///
/// # Safety
/// `msg`'s control buffer was filled by `recvmsg`; the descriptors it carries are new ones
/// this process owns.
unsafe fn received_fds(msg: &libc::msghdr) -> Vec<OwnedFd> {
    let mut out = Vec::new();
    // SAFETY: each header is read within the buffer the kernel filled (the caller's promise).
    unsafe {
        let cmsg = libc::CMSG_FIRSTHDR(msg);
        if !cmsg.is_null()
            && (*cmsg).cmsg_level == libc::SOL_SOCKET
            && (*cmsg).cmsg_type == libc::SCM_RIGHTS
        {
            let data = libc::CMSG_DATA(cmsg).cast::<RawFd>();
            let count = ((*cmsg).cmsg_len as usize - libc::CMSG_LEN(0) as usize)
                / std::mem::size_of::<RawFd>();
            for i in 0..count {
                out.push(OwnedFd::from_raw_fd(data.add(i).read_unaligned()));
            }
        }
    }
    out
}

/// Forks: `Ok(true)` in the child, `Ok(false)` in the parent. Children are reaped by the
/// system (the parent ignores `SIGCHLD`, [`reap_children_automatically`]).
pub fn fork() -> io::Result<bool> {
    let _ = io::stdout().flush();
    let _ = io::stderr().flush();
    // SAFETY: fork() has no preconditions; the child runs Rust code of this process and
    // leaves through `exit_now`.
    match unsafe { libc::fork() } {
        -1 => Err(io::Error::last_os_error()),
        0 => {
            // SAFETY: back to the default, so the child's own children can be waited for.
            unsafe { libc::signal(libc::SIGCHLD, libc::SIG_DFL) };
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// The template does not wait for its children.
pub fn reap_children_automatically() {
    // SAFETY: ignoring SIGCHLD makes the kernel reap ended children.
    unsafe { libc::signal(libc::SIGCHLD, libc::SIG_IGN) };
}

/// Puts `fds` in place of standard input, output and error, in that order.
pub fn redirect(fds: Vec<OwnedFd>) -> io::Result<()> {
    for (target, fd) in fds.iter().enumerate() {
        // SAFETY: both descriptors are open; dup2 replaces the standard one.
        if unsafe { libc::dup2(fd.as_raw_fd(), target as RawFd) } < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Ends the process at once (a forked copy must not run the template's exit handlers).
pub fn exit_now(code: i32) -> ! {
    let _ = io::stdout().flush();
    let _ = io::stderr().flush();
    // SAFETY: _exit ends the process without unwinding.
    unsafe { libc::_exit(code) }
}

/// Waits up to `limit` for `fd` to be readable (a connection to accept).
pub fn readable(fd: RawFd, limit: Duration) -> bool {
    let mut pfd = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = limit.as_millis().min(i32::MAX as u128) as libc::c_int;
    loop {
        // SAFETY: one valid pollfd.
        let n = unsafe { libc::poll(&mut pfd, 1, ms.max(1)) };
        if n >= 0 {
            return n > 0;
        }
        if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return false;
        }
    }
}

/// This process's CPU time (user + system) in seconds; a forked copy counts from its fork.
pub fn cpu_seconds() -> f64 {
    // SAFETY: an all-zero rusage is valid; getrusage fills it.
    let mut r: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `r` is a valid out pointer.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut r) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(r.ru_utime) + t(r.ru_stime)
}
