//! The controller of the Stratego go go referee's screens: the match setup
//! (`ui/referee_setup.slint`, `RefereeSetupAdapter`), the field
//! (`ui/referee.slint`, `RefereeAdapter`) and the challenge resolver, which
//! also picks the role that touched a flag (`ui/referee_challenge.slint`,
//! `RefereeChallengeAdapter`). The clocks tick on the app's worker timer
//! while a round runs; every change is saved.

use super::effect::Effect;
use super::models::{self, List};
use super::{
    App, AppWindow, RefereeAdapter, RefereeChallengeAdapter, RefereeSetupAdapter, RefereeTeam,
    Screen,
};
use crate::i18n::translate;
use crate::platform::Signal;
use crate::platform::clock_signals::Signals;
use crate::referee::companion::RefereeCompanion;
use crate::referee::live::cluster::BLOCKING;
use crate::referee::live::{
    LiveRules, MatchSettings, RefereeError, RoleId, RoundEnd, SettingsProblem, Team, TeamLook,
};
use crate::store::Storage;
use slint::{Color, ComponentHandle, SharedString};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Team colours a referee can pick, readable in sunlight on white: (name, #rrggbb).
/// The names are English: they are shown through `translate`.
const COLOURS: [(&str, &str); 6] = [
    (crate::tr_noop!("Red"), "#d55e00"),
    (crate::tr_noop!("Blue"), "#0072b2"),
    (crate::tr_noop!("Green"), "#009e73"),
    (crate::tr_noop!("Purple"), "#6a3d9a"),
    (crate::tr_noop!("Black"), "#1d1d1f"),
    (crate::tr_noop!("Pink"), "#cc79a7"),
];

/// Which referee screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Page {
    #[default]
    Closed,
    Setup,
    Field,
    Challenge,
    Flag,
    /// The resolver with no match, for helpers.
    Resolver,
}

pub(super) struct RefereeController {
    session: Option<RefereeCompanion>,
    page: Page,
    rules: Arc<LiveRules>,
    /// The zero of the clocks' time.
    epoch: Instant,
    signals: Option<Arc<dyn Signals>>,
    message: String,
    /// The revision of the match last saved.
    saved: u64,
    /// What the field screen showed last, so the timer redraws only on change.
    shown: (String, (String, bool)),
    teams: List<RefereeTeam>,
    team_names: List<SharedString>,
    /// The roles to pick in the resolver, with their strengths.
    roles: List<SharedString>,
    /// The team colours to pick in the match setup.
    colours: List<SharedString>,
    /// For the coin toss of a tied cluster.
    coin: u64,
}

impl RefereeController {
    pub(super) fn new(w: &AppWindow, signals: Option<Arc<dyn Signals>>, seed: u64) -> Self {
        let state = RefereeController::unbound(signals, seed);
        w.global::<RefereeAdapter>()
            .set_teams(models::handle(&state.teams));
        let resolver = w.global::<RefereeChallengeAdapter>();
        resolver.set_roles(models::handle(&state.roles));
        resolver.set_team_names(models::handle(&state.team_names));
        w.global::<RefereeSetupAdapter>()
            .set_colours(models::handle(&state.colours));
        state.label(w);
        state
    }

    /// The controller with its lists not yet shown on any screen (`new`
    /// binds them; tests use it as it is).
    fn unbound(signals: Option<Arc<dyn Signals>>, seed: u64) -> Self {
        RefereeController {
            session: None,
            page: Page::Closed,
            rules: LiveRules::built_in(),
            epoch: Instant::now(),
            signals,
            message: String::new(),
            saved: 0,
            shown: Default::default(),
            teams: models::list(),
            team_names: models::list(),
            roles: models::list(),
            colours: models::list(),
            coin: seed | 1,
        }
    }

    /// Fills the lists and texts made once, in the language chosen now.
    fn label(&self, w: &AppWindow) {
        models::update_texts(
            &self.roles,
            self.rules.roles.iter().map(|r| match r.strength {
                Some(s) => format!("{} {s}", translate(&r.name)),
                None => translate(&r.name),
            }),
        );
        models::update_texts(&self.colours, COLOURS.iter().map(|c| translate(c.0)));
        w.global::<RefereeAdapter>()
            .set_blocking(translate(BLOCKING).into());
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    fn release_sound(&self) {
        if let Some(signals) = &self.signals {
            signals.release();
        }
    }

    /// The clocks need the worker timer: a round is running.
    pub(super) fn ticking(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.clock().running() && !s.game().round_over())
    }

    /// Advances the clocks and calls out their signals; true when the
    /// field screen shows something new.
    pub(super) fn tick(&mut self) -> bool {
        let now = self.now();
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        for signal in session.tick(now) {
            if let Some(signals) = &self.signals {
                signals.call(signal);
            }
            if signal == Signal::RoundOver {
                self.message = crate::tr!("Time is up: the round is a draw.");
            }
        }
        let shown = (time_left(session, now), beat(session, now));
        let changed = shown != self.shown;
        self.shown = shown;
        changed
    }

    /// The line under Continue on the home screen, as it reads after "Continue: ".
    pub(super) fn continue_label(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        let game = session.game();
        Some(crate::tr!(
            "Stratego go go (referee), round {} of {}",
            game.round(),
            game.settings.rounds
        ))
    }

    /// Saves the match after a change; what went wrong, if anything.
    pub(super) fn autosave(&mut self, storage: Option<&Storage>) -> Option<String> {
        let storage = storage?;
        match &self.session {
            Some(session) if session.revision() != self.saved => {
                self.saved = session.revision();
                storage.save_referee(session).err().map(|e| e.to_string())
            }
            _ => None,
        }
    }

    /// Takes up the match saved in `storage`, if any; what could not be read.
    pub(super) fn resume(&mut self, storage: &Storage) -> Option<String> {
        let (session, problem) = storage.referee(&LiveRules::built_in());
        self.session = session;
        problem
    }

    /// The referee's screen for the page open (none: closed).
    pub(super) fn screen(&self) -> Option<Screen> {
        match self.page {
            Page::Closed => None,
            Page::Setup => Some(Screen::RefereeSetup),
            Page::Field => Some(Screen::Referee),
            Page::Challenge | Page::Flag | Page::Resolver => Some(Screen::RefereeChallenge),
        }
    }

    /// Closes the referee's screens.
    fn close(&mut self) -> Effect {
        self.page = Page::Closed;
        Effect::GoHome
    }

    /// One step back, as each page's Back, Menu or Cancel button goes (and
    /// Escape or the back gesture): the resolver and the challenge to the
    /// page they came from, the field and the setup to the home screen.
    pub(super) fn back(&mut self) -> Option<Effect> {
        match self.page {
            Page::Closed => None,
            Page::Setup => {
                // No match was started: nothing will be called out.
                if self.session.is_none() {
                    self.release_sound();
                }
                Some(self.close())
            }
            Page::Field => Some(self.close()),
            Page::Challenge | Page::Flag | Page::Resolver => {
                let now = self.now();
                if self.page == Page::Challenge
                    && let Some(session) = self.session.as_mut()
                    && session.cluster().is_none()
                {
                    session.release_steps(now);
                }
                self.page = match self.page {
                    Page::Resolver => Page::Setup,
                    _ => Page::Field,
                };
                None
            }
        }
    }

    /// Names the roles, colours and rules again, in the language just chosen.
    pub(super) fn relabel(&self, w: &AppWindow) {
        self.label(w);
    }
}

/// The challenger's team and the two roles picked on the challenge
/// screen (indexes of its lists; -1 for none yet).
#[derive(Debug, Clone, Copy)]
pub(super) struct RolePick {
    team: i32,
    challenger: i32,
    challenged: i32,
}

/// The roles as the referee picked them on the screen.
fn role_pick(w: &AppWindow) -> RolePick {
    let resolver = w.global::<RefereeChallengeAdapter>();
    RolePick {
        team: resolver.get_challenger_team(),
        challenger: resolver.get_challenger_role(),
        challenged: resolver.get_challenged_role(),
    }
}

/// What the match form says (the colours as indexes of its list), read
/// from the screen by the wiring.
#[derive(Debug, Clone)]
pub(super) struct MatchForm {
    names: [String; 2],
    colours: [i32; 2],
    rounds: i32,
    round_minutes: i32,
    field_limit: i32,
    step_seconds: i32,
}

/// The match form as the referee left it.
fn match_form(w: &AppWindow) -> MatchForm {
    let setup = w.global::<RefereeSetupAdapter>();
    MatchForm {
        names: [
            setup.get_first_name().to_string(),
            setup.get_second_name().to_string(),
        ],
        colours: [setup.get_first_colour(), setup.get_second_colour()],
        rounds: setup.get_rounds(),
        round_minutes: setup.get_round_minutes(),
        field_limit: setup.get_field_limit(),
        step_seconds: setup.get_step_seconds(),
    }
}

pub(super) fn connect(app: &App) {
    let w = app.window();
    let setup = w.global::<RefereeSetupAdapter>();
    setup.on_start(app.unit(|s, w| {
        if let Err(problems) = s.referee.start_match(&match_form(w)) {
            // A line a problem.
            let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
            w.global::<RefereeSetupAdapter>()
                .set_problems(lines.join("\n").into());
        }
    }));
    setup.on_open_resolver(app.unit(|s, w| s.referee.open_resolver(w, Page::Resolver)));
    setup.on_back(app.unit(|s, _| s.referee.back()));
    let field = w.global::<RefereeAdapter>();
    field.on_start_pause(app.unit(|s, _| {
        let now = s.referee.now();
        if let Some(session) = s.referee.session.as_mut() {
            session.start_or_pause(now);
            let running = session.clock().running();
            if let Some(signals) = &s.referee.signals {
                signals.keep_screen_on(running);
            }
        }
    }));
    field.on_enter(app.indexed(|s, _, i| {
        let team = team_at(i);
        s.referee
            .act(|session, _| session.enter(team).map(|()| String::new()));
    }));
    field.on_challenge(app.unit(|s, w| {
        let now = s.referee.now();
        if let Some(session) = s.referee.session.as_mut() {
            session.hold_steps(now);
        }
        s.referee.open_resolver(w, Page::Challenge);
    }));
    field.on_flag(app.indexed(|s, w, i| {
        s.referee.open_resolver(w, Page::Flag);
        w.global::<RefereeChallengeAdapter>()
            .set_challenger_team(i as i32);
        s.referee.judge(w);
    }));
    field.on_start_cluster(app.unit(|s, w| {
        let field = w.global::<RefereeAdapter>();
        let players =
            [field.get_cluster_first(), field.get_cluster_second()].map(|n| n.clamp(0, 30) as u8);
        let now = s.referee.now();
        s.referee
            .act(|session, _| session.start_cluster(now, players).map(|()| String::new()));
    }));
    field.on_toss(app.unit(|s, _| {
        // A xorshift step: a fair enough coin for choosing who goes first.
        let mut x = s.referee.coin;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.referee.coin = x;
        if let Some(session) = s.referee.session.as_mut() {
            session.toss(x & 1 == 1);
        }
    }));
    field.on_end_cluster(app.unit(|s, _| {
        let now = s.referee.now();
        if let Some(session) = s.referee.session.as_mut() {
            session.release_steps(now);
        }
    }));
    field.on_undo(app.unit(|s, _| {
        if let Some(session) = s.referee.session.as_mut() {
            session.undo();
            s.referee.message = crate::tr!("Undone.");
        }
    }));
    field.on_next_round(app.unit(|s, _| {
        s.referee
            .act(|session, _| session.next_round().map(|()| String::new()))
    }));
    field.on_end_match(app.unit(|s, _| {
        let problem = s.referee.forget_match(s.games.storage());
        let mut effects: Vec<Effect> = problem.map(Effect::Notice).into_iter().collect();
        effects.push(s.referee.close());
        effects
    }));
    field.on_menu(app.unit(|s, _| s.referee.back()));
    let resolver = w.global::<RefereeChallengeAdapter>();
    resolver.on_changed(app.unit(|s, w| s.referee.judge(w)));
    resolver.on_confirm(app.unit(|s, w| s.referee.confirm(role_pick(w))));
    resolver.on_cancel(app.unit(|s, _| s.referee.back()));
}

impl RefereeController {
    /// Opens the referee: the match in progress, or a new one's setup. The
    /// sound device is taken now, so a missing one shows before the first round.
    pub(super) fn open(&mut self, w: &AppWindow) {
        if let Some(signals) = &self.signals {
            signals.prepare();
        }
        if self.session.is_some() {
            self.page = Page::Field;
            return;
        }
        let rules = Arc::clone(&self.rules);
        let setup = w.global::<RefereeSetupAdapter>();
        setup.set_first_name(translate(&rules.teams[0].name).into());
        setup.set_second_name(translate(&rules.teams[1].name).into());
        let colour_index = |colour: &str| {
            COLOURS
                .iter()
                .position(|c| c.1.eq_ignore_ascii_case(colour))
                .unwrap_or(0) as i32
        };
        setup.set_first_colour(colour_index(&rules.teams[0].colour));
        setup.set_second_colour(colour_index(&rules.teams[1].colour));
        setup.set_rounds(rules.rounds as i32);
        setup.set_round_minutes(rules.round_minutes as i32);
        setup.set_field_limit(rules.field_limit as i32);
        setup.set_step_seconds(rules.step_seconds as i32);
        setup.set_problems("".into());
        self.page = Page::Setup;
    }

    /// Ends the match in progress (finished, or deleted from Continue): its
    /// save is deleted and the sound device let go; what went wrong, if anything.
    pub(super) fn forget_match(&mut self, storage: Option<&Storage>) -> Option<String> {
        self.session = None;
        self.release_sound();
        storage?.delete_referee().err().map(|e| e.to_string())
    }

    /// Starts a match as the form says, or says what stops it.
    fn start_match(&mut self, form: &MatchForm) -> Result<(), Vec<SettingsProblem>> {
        let colour = |i: i32| {
            COLOURS[(i.max(0) as usize).min(COLOURS.len() - 1)]
                .1
                .to_string()
        };
        let number = |n: i32| n.clamp(0, 255) as u8;
        let team = |i: usize| TeamLook {
            name: form.names[i].trim().to_string(),
            colour: colour(form.colours[i]),
        };
        let settings = MatchSettings {
            teams: [team(0), team(1)],
            rounds: number(form.rounds),
            round_minutes: form.round_minutes.clamp(0, 999) as u16,
            field_limit: number(form.field_limit),
            step_seconds: number(form.step_seconds),
        };
        let problems = settings.problems(&self.rules);
        if !problems.is_empty() {
            return Err(problems);
        }
        self.session = Some(RefereeCompanion::new(Arc::clone(&self.rules), settings));
        self.saved = 0;
        self.message = crate::tr!("Tap the countdown to start the round.");
        self.page = Page::Field;
        Ok(())
    }

    /// Applies a change to the match; a refusal (or what the change did) shows
    /// as the referee's message.
    fn act(
        &mut self,
        change: impl FnOnce(&mut RefereeCompanion, Duration) -> Result<String, RefereeError>,
    ) {
        let now = self.now();
        if let Some(session) = self.session.as_mut() {
            self.message = match change(session, now) {
                Ok(done) => done,
                Err(refused) => super::capitalized(&refused.to_string()),
            };
        }
    }

    fn open_resolver(&mut self, w: &AppWindow, page: Page) {
        self.page = page;
        let resolver = w.global::<RefereeChallengeAdapter>();
        resolver.set_challenger_role(-1);
        resolver.set_challenged_role(-1);
        resolver.set_verdict("".into());
        resolver.set_can_confirm(false);
        let chooser = self
            .session
            .as_ref()
            .and_then(|x| x.cluster())
            .and_then(|c| c.chooser);
        if let Some(team) = chooser {
            resolver.set_challenger_team(team.index() as i32);
        }
        self.judge(w);
    }

    /// The verdict of the roles picked so far, and whether it may be
    /// confirmed (nothing changes yet).
    fn verdict(&self, pick: RolePick) -> (String, bool) {
        let rules = &self.rules;
        let role = |i: i32| (i >= 0 && (i as usize) < rules.roles.len()).then_some(RoleId(i as u8));
        let (a, d) = (role(pick.challenger), role(pick.challenged));
        let team = team_at(pick.team.max(0) as usize);
        let session = self.session.as_ref();
        let names = |t: Team| {
            session.map_or_else(
                || match t {
                    Team::First => crate::tr!("the challenger"),
                    Team::Second => crate::tr!("the challenged"),
                },
                |x| translate(x.game().name(t)),
            )
        };
        let (verdict, ok) = match (self.page, a, d) {
            (Page::Flag, Some(a), _) => match session.map(|x| (x, x.may_take_flag(team, a))) {
                Some((x, Ok(()))) => (
                    crate::tr!(
                        "{} takes the flag with a {}: the round is theirs.",
                        translate(x.game().name(team)),
                        translate(&rules.role(a).name)
                    ),
                    true,
                ),
                Some((_, Err(refused))) => (
                    crate::tr!("{}.", super::capitalized(&refused.to_string())),
                    false,
                ),
                None => (String::new(), false),
            },
            (Page::Flag, None, _) => (crate::tr!("Which role touched the flag?"), false),
            (_, Some(a), Some(d)) => match session.filter(|_| self.page == Page::Challenge) {
                Some(x) => match x.judge(team, a, d) {
                    Ok(verdict) => (verdict.text, true),
                    Err(refused) => (super::capitalized(&refused.to_string()), false),
                },
                None => {
                    let verdict = crate::referee::live::game::verdict(
                        rules,
                        a,
                        d,
                        &names(team),
                        &names(team.other()),
                    );
                    (verdict.text, false)
                }
            },
            _ => (crate::tr!("Pick both roles."), false),
        };
        (verdict, ok)
    }

    /// Shows the verdict of the roles picked on the screen.
    fn judge(&self, w: &AppWindow) {
        let (verdict, ok) = self.verdict(role_pick(w));
        let resolver = w.global::<RefereeChallengeAdapter>();
        resolver.set_verdict(verdict.into());
        resolver.set_can_confirm(ok);
    }

    /// The picked challenge (or flag touch) is settled in the match.
    fn confirm(&mut self, pick: RolePick) {
        let team = team_at(pick.team.max(0) as usize);
        let a = RoleId(pick.challenger.max(0) as u8);
        let d = RoleId(pick.challenged.max(0) as u8);
        let page = self.page;
        self.act(|session, now| match page {
            Page::Flag => session.touch_flag(now, team, a).map(|()| String::new()),
            _ => session
                .challenge(now, team, a, d)
                .map(|verdict| verdict.text),
        });
        self.page = Page::Field;
    }
}

fn team_at(index: usize) -> Team {
    if index == 1 {
        Team::Second
    } else {
        Team::First
    }
}

fn time_left(session: &RefereeCompanion, now: Duration) -> String {
    let left = session.clock().round_left(now).as_secs();
    format!("{}:{:02}", left / 60, left % 60)
}

/// What the big panel shows, and whether it is the step (the screen marks
/// it in colour).
fn beat(session: &RefereeCompanion, now: Duration) -> (String, bool) {
    let clock = session.clock();
    let text = if session.game().round_over() {
        crate::tr!("Round over")
    } else if clock.held() {
        crate::tr!("Hold")
    } else if !clock.running() {
        if clock.round_elapsed(now).is_zero() {
            crate::tr!("Start")
        } else {
            crate::tr!("Paused")
        }
    } else if clock.just_stepped(now) {
        return (crate::tr!("STEP"), true);
    } else {
        clock
            .showing(now)
            .map_or("·".to_string(), |n| n.to_string())
    };
    (text, false)
}

fn colour(text: &str) -> Color {
    let value = u32::from_str_radix(text.trim_start_matches('#'), 16).unwrap_or(0x1d1d1f);
    Color::from_rgb_u8((value >> 16) as u8, (value >> 8) as u8, value as u8)
}

/// What a finished round, or the match, came to.
fn summary(session: &RefereeCompanion) -> String {
    let game = session.game();
    let rules = session.rules();
    let mut lines: Vec<String> = game
        .results()
        .iter()
        .enumerate()
        .map(|(i, end)| match end {
            RoundEnd::Flag(team) => crate::tr!(
                "Round {}: {} took the flag.",
                i + 1,
                translate(game.name(*team))
            ),
            RoundEnd::TimeUp => crate::tr!("Round {}: time ran out, a draw.", i + 1),
        })
        .collect();
    lines.push(crate::tr!(
        "Rounds won: {} {}, {} {}, draws {}.",
        translate(game.name(Team::First)),
        game.wins(Team::First),
        translate(game.name(Team::Second)),
        game.wins(Team::Second),
        game.draws()
    ));
    for team in Team::BOTH {
        let lost: Vec<String> = rules
            .role_ids()
            .filter_map(|r| {
                let n = game.lost_in_match(team, r);
                (n > 0).then(|| format!("{} {n}", translate(&rules.role(r).name)))
            })
            .collect();
        lines.push(crate::tr!(
            "{} lost: {}.",
            translate(game.name(team)),
            if lost.is_empty() {
                crate::tr!("nothing")
            } else {
                crate::i18n::comma_list(lost)
            }
        ));
    }
    lines.join("\n")
}

impl RefereeController {
    pub(super) fn refresh(&self, w: &AppWindow) {
        let now = self.now();
        let resolver = w.global::<RefereeChallengeAdapter>();
        resolver.set_standalone(self.page == Page::Resolver);
        resolver.set_mode(
            if self.page == Page::Flag {
                "flag"
            } else {
                "challenge"
            }
            .into(),
        );
        resolver.set_title(
            match self.page {
                Page::Flag => crate::tr!("Flag touched"),
                Page::Resolver => crate::tr!("Challenge resolver"),
                _ => crate::tr!("Challenge"),
            }
            .into(),
        );
        let field = w.global::<RefereeAdapter>();
        field.set_message(self.message.clone().into());
        field.set_sound_note(match &self.signals {
            None => crate::tr!("No sound here: the countdown is shown on screen.").into(),
            Some(signals) => signals
                .problem()
                .map(|p| {
                    crate::tr!(
                        "{}: the countdown is shown on screen.",
                        super::capitalized(&p)
                    )
                })
                .unwrap_or_default()
                .into(),
        });
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let game = session.game();
        field.set_round_text(
            crate::tr!("Round {} of {}", game.round(), game.settings.rounds).into(),
        );
        field.set_time_left(time_left(session, now).into());
        let warning =
            session.clock().round_left(now).as_secs() <= session.rules().warning_seconds as u64;
        field.set_warning(warning && !game.round_over());
        let (beat, stepping) = beat(session, now);
        field.set_beat(beat.into());
        field.set_stepping(stepping);
        field.set_running(session.clock().running());
        field.set_round_over(game.round_over());
        field.set_finished(game.finished());
        field.set_can_undo(session.can_undo());
        models::update(
            &self.teams,
            Team::BOTH.map(|team| {
                let deck = game.deck(team);
                RefereeTeam {
                    name: translate(game.name(team)).into(),
                    colour: colour(&game.settings.teams[team.index()].colour),
                    base: deck.at_base() as i32,
                    field: deck.on_field() as i32,
                    lost: deck.lost_total() as i32,
                }
            }),
        );
        models::update_texts(
            &self.team_names,
            Team::BOTH.map(|t| translate(game.name(t))),
        );
        field.set_summary(
            if game.round_over() {
                summary(session)
            } else {
                String::new()
            }
            .into(),
        );
        match session.cluster() {
            Some(cluster) => {
                field.set_in_cluster(true);
                field.set_cluster_needs_toss(cluster.chooser.is_none());
                let [a, b] = cluster.players;
                let text = match cluster.chooser {
                    None => crate::tr!(
                        "Equal numbers ({} to {}): toss a coin for the first choice.",
                        a,
                        b
                    ),
                    Some(team) if cluster.resolved == 0 => crate::tr!(
                        "{} has {} in the cluster to {}: {} chooses the first challenge.",
                        translate(if a > b {
                            game.name(Team::First)
                        } else {
                            game.name(Team::Second)
                        }),
                        a.max(b),
                        a.min(b),
                        translate(game.name(team))
                    ),
                    Some(team) if cluster.resolved == 1 => crate::tr!(
                        "1 challenge resolved: {} chooses the next.",
                        translate(game.name(team))
                    ),
                    Some(team) => crate::tr!(
                        "{} challenges resolved: {} chooses the next.",
                        cluster.resolved,
                        translate(game.name(team))
                    ),
                };
                field.set_cluster_text(text.into());
            }
            None => field.set_in_cluster(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form as it opens: the rules' teams, colours and timings.
    fn default_form(rules: &LiveRules) -> MatchForm {
        let colour = |name: &str| {
            COLOURS
                .iter()
                .position(|c| c.1.eq_ignore_ascii_case(name))
                .unwrap() as i32
        };
        MatchForm {
            names: [rules.teams[0].name.clone(), rules.teams[1].name.clone()],
            colours: [
                colour(&rules.teams[0].colour),
                colour(&rules.teams[1].colour),
            ],
            rounds: i32::from(rules.rounds),
            round_minutes: i32::from(rules.round_minutes),
            field_limit: i32::from(rules.field_limit),
            step_seconds: i32::from(rules.step_seconds),
        }
    }

    #[test]
    fn the_form_as_it_opens_starts_a_match() {
        let mut referee = RefereeController::unbound(None, 1);
        let form = default_form(&referee.rules);
        assert_eq!(referee.start_match(&form), Ok(()));
        assert!(referee.session.is_some());
        assert_eq!(referee.page, Page::Field);
    }

    #[test]
    fn a_challenge_is_judged_from_the_roles_picked() {
        let mut referee = RefereeController::unbound(None, 1);
        let none = RolePick {
            team: 0,
            challenger: -1,
            challenged: -1,
        };
        let pick = RolePick {
            team: 0,
            challenger: 0,
            challenged: 1,
        };
        // The resolver without a match: the rules' verdict, nothing to confirm.
        referee.page = Page::Resolver;
        assert_eq!(
            referee.verdict(none),
            (crate::tr!("Pick both roles."), false)
        );
        let (verdict, may_confirm) = referee.verdict(pick);
        assert!(!verdict.is_empty() && !may_confirm, "{verdict}");
        // In a match, only with the challenger's team on the field.
        referee.start_match(&default_form(&referee.rules)).unwrap();
        referee.page = Page::Challenge;
        let (verdict, may_confirm) = referee.verdict(pick);
        assert!(!may_confirm);
        assert!(verdict.contains("no player on the field"), "{verdict}");
    }

    #[test]
    fn two_teams_of_one_colour_are_refused_and_no_match_starts() {
        let mut referee = RefereeController::unbound(None, 1);
        let mut form = default_form(&referee.rules);
        form.colours[1] = form.colours[0];
        let problems = referee.start_match(&form).unwrap_err();
        assert_eq!(problems, [SettingsProblem::SameColours]);
        assert!(referee.session.is_none());
    }
}
