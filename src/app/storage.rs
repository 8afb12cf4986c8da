//! The save file and the stage ladder as resources, and what to tell the player about them.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::i18n::{self, Lang, T};
use crate::pokopoko::{Ladder, LadderError};
use crate::save::{Language, Notice, Opened, Save, SaveFile};

/// Where the game keeps its save.
#[derive(Debug, Clone)]
pub enum SavePlace {
    /// The file at this path (the default is the user's data directory).
    File(PathBuf),
    /// Read this file but never write it (screenshots).
    ReadOnly(PathBuf),
    /// Nothing on disk.
    Memory,
}

/// The save in use and the file it goes to.
#[derive(Resource, Debug)]
pub struct SaveData {
    pub save: Save,
    pub file: SaveFile,
    /// The last write error, shown on the menu until a write succeeds.
    pub write_error: Option<String>,
}

impl SaveData {
    /// Writes the save now; an error is kept to show, never panics.
    pub fn store(&mut self) {
        if !self.file.is_writable() {
            return;
        }
        self.write_error = self.file.store(&self.save).err().map(|err| err.to_string());
        if let Some(err) = &self.write_error {
            warn!("{err}");
        }
    }
}

/// The ladder in play, and the error of the stage file if it had to be replaced by the built-in one.
#[derive(Resource, Debug)]
pub struct StageLadder {
    pub ladder: Ladder,
    pub file_error: Option<LadderError>,
}

impl StageLadder {
    /// Loads the ladder file if present; an invalid one falls back to the built-in ladder.
    pub fn load(path: Option<&Path>) -> Self {
        // A link to nothing or a loop of links is a file to refuse with its reason, not no file.
        match path.filter(|p| crate::pokopoko::ladder_file::present(p)).map(Ladder::load) {
            None => Self { ladder: Ladder::builtin(), file_error: None },
            Some(Ok(ladder)) => Self { ladder, file_error: None },
            Some(Err(err)) => {
                warn!("{err}");
                Self { ladder: Ladder::builtin(), file_error: Some(err) }
            }
        }
    }
}

/// A message from loading the save, shown on the menu.
#[derive(Resource, Debug, Default)]
pub struct SaveNotice(pub Option<Notice>);

impl SaveNotice {
    pub fn text(&self, lang: Language) -> Option<String> {
        match self.0.as_ref()? {
            Notice::SetAside { moved_to, .. } => {
                Some(i18n::save_set_aside(lang, &moved_to.display().to_string()))
            }
            Notice::Repaired { kept_at, total, .. } => {
                Some(i18n::save_repaired(lang, *total, &kept_at.display().to_string()))
            }
            Notice::NotSaving { .. } => Some(T::SaveNotSaving.get(lang).to_string()),
            Notice::LookedAtRepaired { total, .. } => Some(i18n::save_looked_at_repaired(lang, *total)),
            Notice::LookedAtUnreadable { .. } => Some(i18n::save_looked_at_unreadable(lang)),
        }
    }
}

/// Opens the save and inserts the save resources (with the saved language; on a first launch,
/// with no save file yet, the player's `locale`'s when known).
pub fn install(app: &mut App, place: &SavePlace, ladder_file: Option<&Path>, locale: Option<Language>) {
    let Opened { file, save, notice } = match place {
        SavePlace::Memory => Opened { file: SaveFile::in_memory(), save: Save::default(), notice: None },
        SavePlace::File(path) => {
            let first_launch = std::fs::symlink_metadata(path).is_err();
            let mut opened = SaveFile::open(path);
            if let Some(language) = locale.filter(|_| first_launch) {
                opened.save.settings.language = language;
            }
            opened
        }
        SavePlace::ReadOnly(path) => SaveFile::peek(path),
    };
    if let Some(notice) = &notice {
        warn!("save file: {notice:?}");
    }
    app.insert_resource(Lang(save.settings.language));
    app.insert_resource(SaveData { save, file, write_error: None });
    app.insert_resource(SaveNotice(notice));
    app.insert_resource(StageLadder::load(ladder_file));
}

/// Notices for the player: the save notice, a failed write, a broken stage file.
pub fn notices(lang: Language, notice: &SaveNotice, data: &SaveData, ladder: &StageLadder) -> Vec<String> {
    let mut lines = Vec::new();
    lines.extend(notice.text(lang));
    if let Some(err) = &data.write_error {
        lines.push(i18n::save_failed(lang, err));
    }
    if let Some(err) = &ladder.file_error {
        lines.push(format!("{} {}", T::StageFileError.get(lang), i18n::ladder_error(lang, err)));
    }
    lines
}
