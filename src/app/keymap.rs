//! One keymap per screen: a table of keys, the action each triggers and the words the screen's key
//! line shows for it. The same table turns key presses into the screen's actions and writes the
//! key line, so the two cannot drift apart.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::i18n::Language;

/// Records, every frame, the order in which keys went down, so that two keys arriving in one
/// frame ("2" then Enter, typed fast) act in the order they were typed, not the table's.
pub fn plugin(app: &mut App) {
    app.init_resource::<KeyOrder>().add_systems(PreUpdate, record_key_order.after(InputSystems));
}

/// The keys that went down this frame, in the order the window delivered them: a key typed twice
/// within one frame (← ← typed fast on a slow machine) is there twice. The system's own repeats of
/// a held key are not.
#[derive(Resource, Debug, Default)]
pub struct KeyOrder(Vec<KeyCode>);

fn record_key_order(mut order: ResMut<KeyOrder>, mut inputs: MessageReader<KeyboardInput>) {
    order.0.clear();
    for input in inputs.read() {
        if input.state == ButtonState::Pressed && !input.repeat {
            order.0.push(input.key_code);
        }
    }
}

/// The keyboard as a screen's system reads it: what is held, and what went down in which order.
#[derive(SystemParam)]
pub struct Keys<'w> {
    input: Option<Res<'w, ButtonInput<KeyCode>>>,
    order: Option<Res<'w, KeyOrder>>,
}

impl Keys<'_> {
    /// The actions `keymap` triggers in this frame: presses in the order they were typed, then
    /// held keys (none without a keyboard).
    pub fn actions<A: Clone>(&self, keymap: Keymap<A>) -> Vec<A> {
        self.timed(keymap, |action| action).into_iter().map(|(_, action)| action).collect()
    }

    /// The actions of several keymaps of one screen ([`Keys::timed`] each), in the order their
    /// keys were typed; the keymaps listed first win a tie (held keys).
    pub fn in_typed_order<A>(keymaps: impl IntoIterator<Item = Vec<(usize, A)>>) -> Vec<A> {
        let mut timed: Vec<(usize, A)> = keymaps.into_iter().flatten().collect();
        // A stable sort: within one position, the keymaps' order, then each table's.
        timed.sort_by_key(|&(at, _)| at);
        timed.into_iter().map(|(_, action)| action).collect()
    }

    /// [`Keys::actions`] with where each key came in the order typed, each action turned by `into`.
    pub fn timed<A: Clone, B>(&self, keymap: Keymap<A>, into: impl Fn(A) -> B) -> Vec<(usize, B)> {
        let Some(input) = &self.input else { return Vec::new() };
        let order = self.order.as_ref().map_or(&[][..], |order| &order.0[..]);
        keymap.timed_in_order(input, order).into_iter().map(|(at, action)| (at, into(action))).collect()
    }

    /// Whether any of `keys` is held down.
    pub fn any_pressed(&self, keys: impl IntoIterator<Item = KeyCode>) -> bool {
        self.input.as_ref().is_some_and(|input| input.any_pressed(keys))
    }
}

/// When a binding triggers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Once, in the frame the key goes down.
    Press,
    /// In every frame while the key is held (panning and the like).
    Hold,
}

/// Which modifier must be held. With Ctrl (or Super) held only the `Ctrl` bindings trigger, so
/// Ctrl+C copies without also centring the view. Shift is part of typing some keys ("+" on many
/// keyboards), so a binding without a modifier triggers with or without it; only `Shift` and
/// `Plain` bindings care, for a key that does one thing alone and another with Shift (the arrows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modifier {
    None,
    Ctrl,
    /// Only with Shift held (and not Ctrl).
    Shift,
    /// Only without Shift or Ctrl.
    Plain,
}

impl Modifier {
    fn matches(self, ctrl: bool, shift: bool) -> bool {
        match self {
            Self::None => !ctrl,
            Self::Ctrl => ctrl,
            Self::Shift => !ctrl && shift,
            Self::Plain => !ctrl && !shift,
        }
    }
}

/// One line of a keymap: any of `keys` triggers `action`.
#[derive(Debug, Clone)]
pub struct Binding<A: 'static> {
    pub keys: &'static [KeyCode],
    pub modifier: Modifier,
    pub trigger: Trigger,
    pub action: A,
    /// The key line's words for this binding, Japanese and English ("Enter：押す", "Enter: press");
    /// `None` for a second binding already described by another one.
    pub shown: Option<(&'static str, &'static str)>,
}

impl<A> Binding<A> {
    /// A key press, described on the key line.
    pub const fn press(keys: &'static [KeyCode], action: A, ja: &'static str, en: &'static str) -> Self {
        Self { keys, modifier: Modifier::None, trigger: Trigger::Press, action, shown: Some((ja, en)) }
    }

    /// A key press that the key line leaves out (another binding's words cover it).
    pub const fn unshown(keys: &'static [KeyCode], action: A) -> Self {
        Self { keys, modifier: Modifier::None, trigger: Trigger::Press, action, shown: None }
    }

    /// A key held down.
    pub const fn held(mut self) -> Self {
        self.trigger = Trigger::Hold;
        self
    }

    /// With Ctrl (or Super) held.
    pub const fn ctrl(mut self) -> Self {
        self.modifier = Modifier::Ctrl;
        self
    }

    /// With Shift held.
    pub const fn shift(mut self) -> Self {
        self.modifier = Modifier::Shift;
        self
    }

    /// Only without Shift (the same key with Shift does something else).
    pub const fn plain(mut self) -> Self {
        self.modifier = Modifier::Plain;
        self
    }
}

/// The keys of one screen (or one mode of a screen).
#[derive(Debug, Clone, Copy)]
pub struct Keymap<A: 'static>(pub &'static [Binding<A>]);

impl<A: Clone> Keymap<A> {
    /// The actions the keys trigger in this frame, in the table's order (when the order they
    /// were typed in is not known).
    pub fn actions(&self, keys: &ButtonInput<KeyCode>) -> Vec<A> {
        self.actions_in_order(keys, &[])
    }

    /// The actions the keys trigger in this frame: each key that went down, in `order` (the
    /// order they were typed, a key typed twice twice), triggers its bindings; then the rest (held
    /// keys, keys missing from the order) in the table's order.
    pub fn actions_in_order(&self, keys: &ButtonInput<KeyCode>, order: &[KeyCode]) -> Vec<A> {
        self.timed_in_order(keys, order).into_iter().map(|(_, action)| action).collect()
    }

    /// [`Keymap::actions_in_order`], each action with where its key came in `order` (held keys and
    /// keys missing from the order: `order.len()`), so the actions of several keymaps can be put
    /// in the order typed ([`Keys::in_typed_order`]).
    fn timed_in_order(&self, keys: &ButtonInput<KeyCode>, order: &[KeyCode]) -> Vec<(usize, A)> {
        let ctrl = ctrl_held(keys);
        let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        // Where each of a binding's presses came in this frame; held keys and keys missing from
        // the order come after all typed ones, in the table's order.
        let typed_at = |binding: &Binding<A>| -> Vec<usize> {
            match binding.trigger {
                Trigger::Press => {
                    let mut at: Vec<usize> =
                        (0..order.len()).filter(|&i| binding.keys.contains(&order[i])).collect();
                    if at.is_empty() && binding.keys.iter().any(|&key| keys.just_pressed(key)) {
                        at.push(order.len());
                    }
                    at
                }
                Trigger::Hold => keys
                    .any_pressed(binding.keys.iter().copied())
                    .then_some(order.len())
                    .into_iter()
                    .collect(),
            }
        };
        let mut firing: Vec<(usize, usize, &Binding<A>)> = self
            .0
            .iter()
            .filter(|binding| binding.modifier.matches(ctrl, shift))
            .enumerate()
            .flat_map(|(row, binding)| typed_at(binding).into_iter().map(move |at| (at, row, binding)))
            .collect();
        firing.sort_by_key(|&(at, row, _)| (at, row));
        firing.into_iter().map(|(at, _, binding)| (at, binding.action.clone())).collect()
    }

    /// The key line: every described binding, in the table's order. An English binding's own
    /// spaces are no-break spaces, so a narrow window wraps the line between bindings, never
    /// between a key and its word.
    pub fn key_line(&self, lang: Language) -> String {
        self.key_line_where(lang, |_| true)
    }

    /// The key line of the bindings whose action `keep` accepts (a screen that ignores some
    /// keys in some state).
    pub fn key_line_where(&self, lang: Language, keep: impl Fn(&A) -> bool) -> String {
        self.key_parts(lang, keep).join(key_gap(lang))
    }

    /// Each described binding's words ("Enter：押す", "Enter: press"), in the table's order.
    pub fn key_parts(&self, lang: Language, keep: impl Fn(&A) -> bool) -> Vec<String> {
        let described =
            self.0.iter().filter(|binding| keep(&binding.action)).filter_map(|binding| binding.shown);
        match lang {
            Language::Japanese => described.map(|(ja, _)| ja.to_owned()).collect(),
            Language::English => described.map(|(_, en)| en.replace(' ', NO_BREAK)).collect(),
        }
    }
}

/// The gap between two bindings on a key line.
pub fn key_gap(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "　",
        Language::English => "   ",
    }
}

/// Bindings' words packed into lines of at most `max_em` em (a full-width character is one em,
/// any other about half an em), broken only between bindings: Japanese text may otherwise wrap
/// between any two characters, splitting a key from its word.
pub fn wrap_parts(parts: &[String], lang: Language, max_em: f32) -> String {
    let width = |text: &str| -> f32 {
        text.chars().map(|c| if c.is_ascii() || c == '\u{a0}' { 0.52 } else { 1.0 }).sum()
    };
    let gap = key_gap(lang);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() && width(&line) + width(gap) + width(part) > max_em {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(gap);
        }
        line.push_str(part);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// The space inside an English key-line binding (U+00A0, in the Latin font's subset).
pub const NO_BREAK: &str = "\u{a0}";

/// Ctrl (or the Super/Command key) is held, or was released this very frame: a quick Ctrl+C can
/// arrive whole between two frames.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    let modifiers = [KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight];
    keys.any_pressed(modifiers) || keys.any_just_released(modifiers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Act {
        Confirm,
        Back,
        Pan,
        Copy,
        Centre,
    }

    const KEYS: Keymap<Act> = Keymap(&[
        Binding::press(&[KeyCode::Enter, KeyCode::NumpadEnter], Act::Confirm, "Enter：押す", "Enter: press"),
        Binding::unshown(&[KeyCode::Space], Act::Confirm),
        Binding::press(&[KeyCode::ArrowLeft], Act::Pan, "←：移動", "←: pan").held(),
        Binding::press(&[KeyCode::KeyC], Act::Copy, "Ctrl+C：コピー", "Ctrl+C: copy").ctrl(),
        Binding::press(&[KeyCode::KeyC], Act::Centre, "C：中央", "C: centre"),
        Binding::press(&[KeyCode::Escape], Act::Back, "Esc：もどる", "Esc: back"),
    ]);

    #[test]
    fn each_key_triggers_its_action_once_and_a_held_key_every_frame() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::NumpadEnter);
        keys.press(KeyCode::ArrowLeft);
        assert_eq!(KEYS.actions(&keys), [Act::Confirm, Act::Pan]);
        keys.clear();
        assert_eq!(KEYS.actions(&keys), [Act::Pan], "Enter is still down but pressed only once");
        keys.press(KeyCode::Space);
        assert_eq!(KEYS.actions(&keys), [Act::Confirm, Act::Pan]);
    }

    /// Two tables of one screen (the board's and the screen's own) act in the order typed, not
    /// one table after the other; the first listed wins a tie.
    #[test]
    fn two_tables_act_in_the_order_typed() {
        const OTHER: Keymap<Act> =
            Keymap(&[Binding::press(&[KeyCode::ArrowLeft], Act::Back, "←：もどる", "←: back")]);
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::Enter);
        keys.press(KeyCode::ArrowLeft);
        let both = |order: &[KeyCode]| {
            Keys::in_typed_order([OTHER.timed_in_order(&keys, order), KEYS.timed_in_order(&keys, order)])
        };
        // ← is held in KEYS (a pan every frame, after the typed keys) and typed in OTHER.
        assert_eq!(both(&[KeyCode::Enter, KeyCode::ArrowLeft]), [Act::Confirm, Act::Back, Act::Pan]);
        assert_eq!(both(&[KeyCode::ArrowLeft, KeyCode::Enter]), [Act::Back, Act::Confirm, Act::Pan]);
    }

    #[test]
    fn keys_typed_in_one_frame_act_in_the_order_they_were_typed() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyC);
        keys.press(KeyCode::Enter);
        keys.press(KeyCode::ArrowLeft);
        // C before Enter: the table lists Confirm first, the typing says Centre first.
        assert_eq!(
            KEYS.actions_in_order(&keys, &[KeyCode::KeyC, KeyCode::Enter]),
            [Act::Centre, Act::Confirm, Act::Pan]
        );
        assert_eq!(
            KEYS.actions_in_order(&keys, &[KeyCode::Enter, KeyCode::KeyC]),
            [Act::Confirm, Act::Centre, Act::Pan]
        );
        // Keys missing from the order follow the listed ones, in the table's order.
        assert_eq!(KEYS.actions_in_order(&keys, &[KeyCode::KeyC]), [Act::Centre, Act::Confirm, Act::Pan]);
        // Without an order: the table's order, held keys in their rows.
        keys.clear();
        keys.press(KeyCode::Escape);
        assert_eq!(KEYS.actions(&keys), [Act::Pan, Act::Back]);
    }

    /// On a slow machine two presses of one key can fall in one frame (newcomer #12 lost
    /// arrow presses that way): each acts.
    #[test]
    fn a_key_typed_twice_in_one_frame_acts_twice() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyC);
        keys.press(KeyCode::Enter);
        let order = [KeyCode::KeyC, KeyCode::Enter, KeyCode::KeyC];
        assert_eq!(KEYS.actions_in_order(&keys, &order), [Act::Centre, Act::Confirm, Act::Centre]);
    }

    #[test]
    fn with_ctrl_held_only_the_ctrl_bindings_trigger() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyC);
        assert_eq!(KEYS.actions(&keys), [Act::Centre]);
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyC);
        keys.press(KeyCode::Escape);
        assert_eq!(KEYS.actions(&keys), [Act::Copy]);
    }

    #[test]
    fn a_plain_arrow_and_a_shifted_arrow_do_different_things_and_shift_leaves_other_keys_alone() {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum Move {
            Cursor,
            Pan,
            Zoom,
        }
        const MAP: Keymap<Move> = Keymap(&[
            Binding::unshown(&[KeyCode::ArrowUp], Move::Cursor).plain(),
            Binding::unshown(&[KeyCode::ArrowUp], Move::Pan).shift(),
            Binding::unshown(&[KeyCode::Equal], Move::Zoom),
        ]);
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ArrowUp);
        keys.press(KeyCode::Equal);
        assert_eq!(MAP.actions(&keys), [Move::Cursor, Move::Zoom]);
        keys.press(KeyCode::ShiftLeft);
        // Shift+= types "+" on many keyboards: still a zoom.
        assert_eq!(MAP.actions(&keys), [Move::Pan, Move::Zoom]);
    }

    #[test]
    fn a_wrapped_key_line_breaks_only_between_bindings() {
        let parts: Vec<String> = ["Enter：押す", "矢印：カーソル", "Shift+矢印：移動", "＋／－：拡大／縮小"]
            .map(String::from)
            .to_vec();
        // Room for about two bindings a line: 8 full-width ems plus the gap.
        let wrapped = wrap_parts(&parts, Language::Japanese, 16.0);
        assert_eq!(wrapped, "Enter：押す　矢印：カーソル\nShift+矢印：移動\n＋／－：拡大／縮小");
        // Each line holds whole bindings, in order.
        let rejoined: Vec<&str> = wrapped.split(['\n', '　']).collect();
        assert_eq!(rejoined, parts.iter().map(String::as_str).collect::<Vec<_>>());
        // A binding wider than the line gets a line of its own rather than being cut.
        assert_eq!(wrap_parts(&parts[..2], Language::Japanese, 3.0), "Enter：押す\n矢印：カーソル");
    }

    #[test]
    fn the_key_line_lists_the_described_bindings_in_order_in_each_language() {
        assert_eq!(
            KEYS.key_line(Language::English).replace(NO_BREAK, " "),
            "Enter: press   ←: pan   Ctrl+C: copy   C: centre   Esc: back"
        );
        // A line may break only in the gaps between bindings.
        let english = KEYS.key_line(Language::English);
        assert_eq!(english.split("   ").filter(|binding| !binding.contains(' ')).count(), 5);
        assert_eq!(
            KEYS.key_line(Language::Japanese),
            "Enter：押す　←：移動　Ctrl+C：コピー　C：中央　Esc：もどる"
        );
    }
}
