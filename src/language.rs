//! The language of every string on screen: chosen by the player, kept in the save, read by the
//! game's string table.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    Japanese,
    English,
}

impl Language {
    /// The language a locale asks for, spelt as `LC_ALL`, `LC_MESSAGES` or `LANG` spell it
    /// ("ja_JP.UTF-8", "en_GB", "C.UTF-8"): Japanese for Japanese, English for any other; `None`
    /// for an empty one. A first launch (no save yet) starts in it, so a player whose desktop is
    /// not Japanese is not met by a screen they cannot read (newcomers #46 to #55 each had to find
    /// the language switch first).
    ///
    /// ```
    /// use pokopoko::language::Language;
    /// assert_eq!(Language::from_locale("ja_JP.UTF-8"), Some(Language::Japanese));
    /// assert_eq!(Language::from_locale("C.UTF-8"), Some(Language::English));
    /// assert_eq!(Language::from_locale(""), None);
    /// ```
    pub fn from_locale(locale: &str) -> Option<Self> {
        let locale = locale.trim();
        if locale.is_empty() {
            return None;
        }
        let japanese = locale.get(..2).is_some_and(|two| two.eq_ignore_ascii_case("ja"));
        Some(if japanese { Self::Japanese } else { Self::English })
    }

    /// The language of the first locale setting that is set, in POSIX's order of precedence
    /// (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), read through `var`.
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Option<Self> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).and_then(|value| Self::from_locale(&value)))
    }

    pub fn other(self) -> Self {
        match self {
            Self::Japanese => Self::English,
            Self::English => Self::Japanese,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_names_its_language_and_the_first_set_variable_wins() {
        assert_eq!(Language::from_locale("ja"), Some(Language::Japanese));
        assert_eq!(Language::from_locale("JA_jp"), Some(Language::Japanese));
        assert_eq!(Language::from_locale("en_US.UTF-8"), Some(Language::English));
        assert_eq!(Language::from_locale("POSIX"), Some(Language::English));
        assert_eq!(Language::from_locale("j"), Some(Language::English));
        assert_eq!(Language::from_locale("  "), None);
        let env = |set: &'static [(&'static str, &'static str)]| {
            move |name: &str| set.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Language::from_environment(env(&[])), None);
        assert_eq!(Language::from_environment(env(&[("LANG", "ja_JP.UTF-8")])), Some(Language::Japanese));
        let both = env(&[("LANG", "ja_JP.UTF-8"), ("LC_MESSAGES", "C")]);
        assert_eq!(Language::from_environment(both), Some(Language::English));
        let empty_all = env(&[("LC_ALL", ""), ("LANG", "ja_JP")]);
        assert_eq!(Language::from_environment(empty_all), Some(Language::Japanese));
    }
}
