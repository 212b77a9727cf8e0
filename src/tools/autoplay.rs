//! `flagfall autoplay` and `flagfall saved`: computer against computer
//! through the app's own session and autosave code, and a look at what is
//! saved. Together they show that no move is lost when the app is killed.

use crate::core::options::GameOptions;
use crate::core::playout::random_action;
use crate::core::variant::{ArmyRule, builtin_variant};
use crate::games::DeviceGame;
use crate::games::game::kept::read_pass_and_play;
use crate::games::{PassAndPlay, Stage};
use crate::store::storage::Storage;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

const MODE: &str = "pass-and-play";

/// Plays up to `plies` random plies, saving after every change, and writes
/// `saved ply K` after each durable save of a move.
pub fn autoplay(
    data_dir: &Path,
    variant: &str,
    seed: u64,
    plies: usize,
    out: &mut impl Write,
) -> Result<(), String> {
    let storage = Storage::open(data_dir).map_err(|e| format!("{}: {e}", data_dir.display()))?;
    let variant =
        builtin_variant(variant).ok_or_else(|| format!("unknown variant \"{variant}\""))?;
    let mut session = PassAndPlay::new(variant.clone(), GameOptions::defaults(&variant), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(1));
    storage.discard_in_progress(MODE, &variant.id);
    while session.game().is_none() {
        session.reveal();
        match session.stage() {
            Stage::Deal(side) => {
                if matches!(variant.army, ArmyRule::Suited { .. }) {
                    let suits: Vec<_> = variant.suits_of(side).collect();
                    session
                        .choose_discards(suits[rng.random_range(0..suits.len())])
                        .map_err(|e| e.to_string())?;
                }
                session.accept_deal().map_err(|e| e.to_string())?;
            }
            Stage::Setup(_) => {
                session.fill_for_me();
                session.setup_ready().map_err(|e| e.to_string())?;
            }
            _ => break,
        }
        storage.save(&session).map_err(|e| e.to_string())?;
    }
    let mut buffer = Vec::new();
    loop {
        let played = session.game().map_or(0, |g| g.actions().len());
        if played >= plies || session.is_over() {
            break;
        }
        // As players would: the mover looks at a battle, then the device changes hands.
        session.battle_seen();
        session.reveal();
        let position = session.game().map(|g| g.position().clone());
        let Some(action) = position.and_then(|p| random_action(&p, &mut rng, &mut buffer)) else {
            break;
        };
        session.play(action).map_err(|e| e.to_string())?;
        storage.save(&session).map_err(|e| e.to_string())?;
        let played = session.game().map_or(0, |g| g.actions().len());
        writeln!(out, "saved ply {played}")
            .and_then(|_| out.flush())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// One line per game in progress: `ply K` (prefixed with the file when there are several).
pub fn saved(data_dir: &Path) -> Result<Vec<String>, String> {
    let dir = data_dir.join("in-progress");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("no saved games in {}: {e}", data_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!(
            "no game in progress is saved in {}",
            data_dir.display()
        ));
    }
    let several = paths.len() > 1;
    paths
        .iter()
        .map(|path| {
            let session = read_pass_and_play(path)
                .map_err(|e| format!("{} could not be read: {e}", path.display()))?;
            let plies = session.game().map_or(0, |g| g.actions().len());
            Ok(if several {
                format!("{}: ply {plies}", path.display())
            } else {
                format!("ply {plies}")
            })
        })
        .collect()
}

/// The arguments of `flagfall autoplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long)]
    pub variant: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many plies (or when the game ends).
    #[arg(long, default_value_t = 1000)]
    pub plies: usize,
}

/// `flagfall autoplay`: plays in the data folder `--data-dir` names, which
/// it needs, writing each durable save to stdout.
pub fn run_command(args: Args, data_dir: Option<&Path>) -> ExitCode {
    let Some(dir) = data_dir else {
        eprintln!("autoplay: give --data-dir DIR");
        return ExitCode::from(2);
    };
    match autoplay(
        dir,
        &args.variant,
        args.seed,
        args.plies,
        &mut std::io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("autoplay: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `flagfall saved`: prints what `saved` finds in the data folder
/// `--data-dir` names, which it needs.
pub fn run_saved_command(data_dir: Option<&Path>) -> ExitCode {
    let Some(dir) = data_dir else {
        eprintln!("saved: give --data-dir DIR");
        return ExitCode::from(2);
    };
    match saved(dir) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("saved: {e}");
            ExitCode::FAILURE
        }
    }
}
