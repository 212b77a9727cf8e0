//! The integration tests, gathered in one crate so that `cargo test` builds
//! and links one test binary instead of one per file (issue 79: each linked
//! Slint and the app, 500 MB apiece). Each module is one file of tests, as
//! its name says; `cargo test --test all ui_layout::` runs one of them.
//!
//! Two files stay binaries of their own, `ui_language.rs` and
//! `print_japanese.rs`: they switch the process's language, which every
//! test here expects to be English.

#[path = "../common/mod.rs"]
mod common;

// The rules of every game, its variants, setups, views and records.
mod game_clocks;
mod game_history;
mod lessons;
mod properties;
mod records;
mod referee_rules;
mod robustness;
mod rule_notes;
mod rules_battle;
mod rules_endings;
mod rules_gravon;
mod rules_more_squares;
mod rules_movement;
mod rules_ultimate_lightning;
mod setup_and_deal;
mod translations;
mod variants;
mod version;
mod views;

// The crate's rooms and the arrows between them.
mod rooms;

// The computer players and the UCC bot.
mod ai_players;
mod ucc_bot;
mod ucc_record;

// Two devices and their codes.
mod linked_saving;
mod picture_memory;
mod two_devices;
mod two_devices_clock;
mod two_devices_draw;
mod two_devices_endings;
mod two_devices_fair_deal;

// What the app keeps, and files from elsewhere.
mod crash_safety;
mod finished_games;
mod hostile_files;
mod storage;
mod storage_in_memory;

// Print and play.
mod print;

// The real UI, driven headlessly.
mod ui_camera;
mod ui_clipboard;
mod ui_codes;
mod ui_editor_and_settings;
mod ui_game_clocks;
mod ui_layout;
mod ui_lessons;
mod ui_linked;
mod ui_navigation;
mod ui_pass_and_play;
mod ui_photos;
mod ui_print;
mod ui_records;
mod ui_referee;
mod ui_remembered_setups;
mod ui_rule_notes;
mod ui_saving;
mod ui_screenshots;
mod ui_solo;
mod ui_table_clock;
