//! The Snaky screen's model, plain data with no systems: the session and what each input does to
//! it ([`session`]), what happened ([`outcome`]), the computer Breaker being watched ([`watch`]) and
//! the overlays switched on ([`overlays`]). Unit tested without an app; the screen's systems
//! (`screen.rs`) feed it inputs and pass on what it tells.

pub mod assist;
pub mod lesson;
pub mod maker;
pub mod outcome;
pub mod overlays;
pub mod practice;
pub mod session;
pub mod watch;
