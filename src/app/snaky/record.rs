//! Game records as text, `x,y x,y …` (Breaker's moves, the format `snaky replay` reads): copy to the
//! clipboard, paste from it, or drop a file onto the window.

use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;

use super::model::outcome::Outcome;
use super::model::session::{NoticeKind, Said, Session, SnakyInput};
use super::model::watch::Watch;
use crate::app::Screen;
use crate::app::i18n::T;
use crate::snaky::Symmetry;
use crate::snaky::record::{format_moves, unturned};

pub(super) fn plugin(app: &mut App) {
    // Registered by the window plugin; added here too so headless tests run the same systems.
    app.add_message::<FileDragAndDrop>()
        .add_systems(Update, load_dropped_files.run_if(in_state(Screen::Snaky)));
}

/// A record is a few hundred bytes; anything much larger is not one.
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// The record of the game so far (not of a reviewed prefix).
/// Written with Maker's plan turned back as in the paper, whatever this game's turn: a record
/// holds Breaker's moves only, and every version replays it unturned.
pub fn record_text(session: &Session) -> String {
    format_moves(&unturned(session.turn(), session.game().breaker_cells()))
}

pub(super) fn copy(session: &mut Session, clipboard: Option<&mut Clipboard>) {
    let record = record_text(session);
    let turned = session.turn() != Symmetry::IDENTITY;
    let Some(clipboard) = clipboard else {
        session.tell(NoticeKind::Refused, Said::RecordNotCopied { record, turned });
        return;
    };
    match clipboard.set_text(record.clone()) {
        Ok(()) => session.tell(NoticeKind::Good, Said::RecordCopied { record, turned }),
        Err(error) => session.tell(NoticeKind::Refused, Said::ClipboardError(error.to_string())),
    }
}

/// Replaces the game by the record on the clipboard; what happened is the loaded record's.
pub(super) fn paste(
    session: &mut Session,
    watch: &mut Watch,
    clipboard: Option<&mut Clipboard>,
) -> Vec<Outcome> {
    let Some(clipboard) = clipboard else {
        session.tell(NoticeKind::Refused, Said::Fixed(T::ClipboardMissing));
        return Vec::new();
    };
    // On desktop platforms the read completes at once.
    match clipboard.fetch_text().poll_result() {
        Some(Ok(record)) if !record.trim().is_empty() => return session.load_record(watch, &record),
        Some(Ok(_)) | None => session.tell(NoticeKind::Refused, Said::Fixed(T::ClipboardEmpty)),
        Some(Err(error)) => session.tell(NoticeKind::Refused, Said::ClipboardError(error.to_string())),
    }
    Vec::new()
}

fn load_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut input: MessageWriter<SnakyInput>,
    session: Option<ResMut<Session>>,
) {
    let Some(mut session) = session else { return };
    for drop in drops.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = drop else { continue };
        let read = std::fs::metadata(path_buf).and_then(|meta| {
            if meta.len() > MAX_RECORD_BYTES {
                Err(std::io::Error::other("too large for a game record"))
            } else {
                std::fs::read_to_string(path_buf)
            }
        });
        match read {
            Ok(record) => {
                input.write(SnakyInput::LoadRecord(record));
            }
            Err(error) => session.tell(
                NoticeKind::Refused,
                Said::RecordFileError { path: path_buf.display().to_string(), error: error.to_string() },
            ),
        }
    }
}
