//! Helpers shared by the rule tests: positions from short specs, and moves
//! by square names.
#![allow(
    dead_code,
    reason = "ui_language.rs and print_japanese.rs each use a subset"
)]

pub mod layout;
pub mod ui;

use flagfall::core::variant::builtin_variant;
use flagfall::core::{
    Action, GameOptions, IllegalMove, Move, Outcome, Piece, PieceId, Placement, PlyReport,
    Position, Side, Square, Variant,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// (side, square, piece): the piece is a kind key ("marshal"), a suit and a
/// kind for piecepack ("yellow scout"), or a domino as attack/defense ("5/2").
pub type Spec<'a> = (Side, &'a str, &'a str);

/// Every built-in variant, by id.
pub const BUILT_IN: [&str; 7] = [
    "classic",
    "small",
    "barrage",
    "duell",
    "ultimate-lightning",
    "domino",
    "piecepack",
];

pub fn variant(id: &str) -> Arc<Variant> {
    builtin_variant(id).unwrap_or_else(|| panic!("no built-in variant {id}"))
}

pub fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub fn piece(v: &Variant, spec: &str) -> Piece {
    let kind = |key: &str| {
        v.kind_by_key(key)
            .unwrap_or_else(|| panic!("{} has no piece kind {key}", v.id))
    };
    if let Some((attack, defense)) = spec.split_once('/') {
        let (a, d): (u8, u8) = (attack.parse().unwrap(), defense.parse().unwrap());
        return Piece {
            kind: kind(&format!("{}-{}", a.min(d), a.max(d))),
            suit: None,
            flipped: a > d,
        };
    }
    if let Some((suit, key)) = spec.split_once(' ') {
        let suit = v
            .suit_by_key(suit)
            .unwrap_or_else(|| panic!("{} has no suit {suit}", v.id));
        return Piece::with_suit(kind(key), suit);
    }
    Piece::new(kind(spec))
}

/// A position of variant `id` with exactly these pieces.
pub fn arrange(id: &str, options: GameOptions, pieces: &[Spec], to_move: Side) -> Position {
    let v = variant(id);
    let list: Vec<(Side, Placement)> = pieces
        .iter()
        .map(|&(side, at, what)| {
            let placement = Placement {
                square: sq(at),
                piece: piece(&v, what),
            };
            (side, placement)
        })
        .collect();
    Position::arrange(v, options, &list, to_move)
        .unwrap_or_else(|e| panic!("bad test position: {e:?}"))
}

/// `arrange` with the variant's default options.
pub fn pos(id: &str, pieces: &[Spec], to_move: Side) -> Position {
    arrange(id, GameOptions::defaults(&variant(id)), pieces, to_move)
}

pub fn mv(p: &mut Position, from: &str, to: &str) -> Result<PlyReport, IllegalMove> {
    p.play(Action::Move(Move::new(sq(from), sq(to))))
}

pub fn play(p: &mut Position, from: &str, to: &str) -> PlyReport {
    mv(p, from, to).unwrap_or_else(|e| panic!("{from}-{to} refused: {e}"))
}

/// A copy of `text` with some bytes replaced, removed or duplicated (for
/// the tests that feed damaged input to readers).
pub fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, kind, byte) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        match kind % 3 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, bytes[at]),
        }
    }
    bytes
}

/// Everything a refused action must leave untouched.
#[derive(Debug, PartialEq)]
pub struct Snapshot {
    legal: Vec<Move>,
    ply: u32,
    to_move: Side,
    quiet: u32,
    outcome: Option<Outcome>,
    squares: Vec<(PieceId, Option<Square>)>,
}

pub fn snapshot(p: &Position) -> Snapshot {
    let squares = Side::BOTH
        .into_iter()
        .flat_map(|side| p.pieces(side).map(|(id, _)| (id, p.square_of(id))))
        .collect();
    Snapshot {
        legal: p.legal_moves(),
        ply: p.ply(),
        to_move: p.to_move(),
        quiet: p.quiet_plies(),
        outcome: p.outcome(),
        squares,
    }
}

/// Plays an action that must be refused; checks nothing changed and returns why.
pub fn refused_action(p: &mut Position, action: Action) -> IllegalMove {
    let before = snapshot(p);
    let err = p
        .play(action)
        .expect_err(&format!("{action:?} was accepted"));
    assert_eq!(
        snapshot(p),
        before,
        "the refused {action:?} changed the game"
    );
    err
}

/// A move that must be refused, for the same reason by `play` and `check_move`.
pub fn refused(p: &mut Position, from: &str, to: &str) -> IllegalMove {
    let m = Move::new(sq(from), sq(to));
    let err = refused_action(p, Action::Move(m));
    assert_eq!(
        p.check_move(m),
        Err(err.clone()),
        "check_move disagrees with play"
    );
    err
}

/// Deals (the first suit's discards in piecepack) and fills a two-device
/// session's setup at random, then declares it ready.
pub fn ready_link(session: &mut flagfall::games::TwoDeviceGame) {
    use flagfall::games::Stage;
    if matches!(session.stage(), Stage::Deal(_)) {
        let suit = session.variant().suits_of(session.side()).next();
        if let Some(suit) = suit {
            session.choose_discards(suit).unwrap();
        }
        session.accept_deal().unwrap();
    }
    session.fill_for_me();
    session.setup_ready().unwrap();
}

/// The code a two-device session shows now.
pub fn link_code(session: &flagfall::games::TwoDeviceGame) -> String {
    session.code_on_show().unwrap().to_string()
}

/// Two sessions that have started a game, each set up by "Fill for me":
/// (inviter playing `side`, joiner). A domino game goes through the fair
/// deal first: the joiner's deal step, then the inviter's setup.
pub fn start_link(
    variant: Arc<Variant>,
    options: GameOptions,
    side: Side,
    seed: u64,
) -> (
    flagfall::games::TwoDeviceGame,
    flagfall::games::TwoDeviceGame,
) {
    use flagfall::games::Stage;
    use flagfall::games::TwoDeviceGame;
    let mut inviter = TwoDeviceGame::create(variant, options, side, seed);
    let mut joiner = if inviter.stage() == Stage::Dealing {
        let mut joiner = TwoDeviceGame::join(&link_code(&inviter), seed + 1).unwrap();
        inviter.read(&link_code(&joiner)).unwrap();
        ready_link(&mut inviter);
        joiner.read(&link_code(&inviter)).unwrap();
        joiner
    } else {
        ready_link(&mut inviter);
        TwoDeviceGame::join(&link_code(&inviter), seed + 1).unwrap()
    };
    ready_link(&mut joiner);
    // (A joiner playing Red sends its setup with its first move.)
    if let Some(code) = joiner.game().and_then(|g| g.last_code()) {
        inviter.read(code).unwrap();
    }
    (inviter, joiner)
}

/// The saved documents of format 1 the tests read (`tests/fixtures/v1`).
pub fn v1_fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1")
}

/// Keeps in `storage` (over the data folder `dir`) the fixtures' game
/// against another device and their finished Barrage game, as a data
/// folder in use holds them.
pub fn keep_linked_and_finished_fixtures(
    storage: &flagfall::store::Storage,
    dir: &std::path::Path,
) {
    use flagfall::games::{SavedLinked, TwoDeviceGame};
    let text = std::fs::read_to_string(v1_fixtures().join("linked-classic-red.json")).unwrap();
    let saved: SavedLinked = serde_json::from_str(&text).unwrap();
    storage
        .save(&TwoDeviceGame::from_saved(&saved).unwrap())
        .unwrap();
    std::fs::copy(
        v1_fixtures().join("finished-barrage.json"),
        dir.join("finished/1700000000000-0-barrage.json"),
    )
    .unwrap();
}

/// A folder for one test under the system's temporary folder, named for
/// `name`, this process and a number no other call in the process gets (the
/// tests of many files share one process), and empty: not made yet.
pub fn fresh_dir(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let number = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("flagfall-{name}-{}-{number}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
