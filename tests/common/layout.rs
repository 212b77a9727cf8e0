//! Layout checks on the real UI, through the testing backend's element
//! tree (issue 47): nothing out of the window, no two texts over each
//! other (a piece's marks are drawn together on purpose and name no
//! accessible text), and the board standing still while a screen changes
//! state.

use flagfall::app::App;
use i_slint_backend_testing::{ElementHandle, ElementQuery};

/// An element's rectangle in the window, in logical pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl Rect {
    fn of(element: &ElementHandle) -> Rect {
        let at = element.absolute_position();
        let size = element.size();
        Rect {
            x: at.x,
            y: at.y,
            width: size.width,
            height: size.height,
        }
    }

    fn right(&self) -> f32 {
        self.x + self.width
    }

    fn bottom(&self) -> f32 {
        self.y + self.height
    }

    fn is_empty(&self) -> bool {
        self.width < 0.5 || self.height < 0.5
    }

    /// How far the two overlap in each direction (negative: apart).
    fn overlap(&self, other: &Rect) -> (f32, f32) {
        (
            self.right().min(other.right()) - self.x.max(other.x),
            self.bottom().min(other.bottom()) - self.y.max(other.y),
        )
    }
}

/// How much room for rounding a check allows, in logical pixels.
const SLACK: f32 = 1.0;

/// One element as the checks see it.
struct Seen {
    what: String,
    rect: Rect,
    is_text: bool,
    /// The panel of a dialog drawn over the screen (an element `dialog`).
    is_dialog: bool,
}

/// Every element drawn in the window (the backend leaves out those
/// clipped away whole, as in a scrolled list) with its place and a name
/// for messages.
fn seen(app: &App) -> Vec<Seen> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .find_all()
        .into_iter()
        .map(|e| {
            let type_name = e.type_name().map(|t| t.to_string()).unwrap_or_default();
            let label = e.accessible_label().map(|l| l.to_string());
            let id = e.id().map(|i| i.to_string()).unwrap_or_default();
            let is_dialog = id.ends_with("::dialog");
            let what = match (&label, e.id()) {
                (Some(label), _) if !label.is_empty() => format!("{type_name} \"{label}\""),
                (_, Some(id)) => format!("{type_name} #{id}"),
                _ => type_name.clone(),
            };
            let is_text = type_name == "Text" && label.as_deref().is_some_and(|l| !l.is_empty());
            Seen {
                what,
                rect: Rect::of(&e),
                is_text,
                is_dialog,
            }
        })
        .filter(|s| !s.rect.is_empty())
        .fold(Vec::new(), |mut all: Vec<Seen>, s| {
            // The query meets an element once for each of its ancestors.
            if !all.iter().any(|o| o.what == s.what && o.rect == s.rect) {
                all.push(s);
            }
            all
        })
}

/// The scrolling areas on screen: what lies in one may reach past the
/// window's top or bottom (it is scrolled to), never past its sides.
fn scrolling_areas(app: &App) -> Vec<Rect> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_inherits("Flickable")
        .find_all()
        .iter()
        .map(Rect::of)
        .collect()
}

/// What is wrong with the layout on screen at `width` x `height`: elements
/// reaching out of the window, and texts drawn over other texts.
pub fn problems(app: &App, width: f32, height: f32) -> Vec<String> {
    let elements = seen(app);
    let scrolling = scrolling_areas(app);
    let mut problems = Vec::new();
    for e in &elements {
        let r = e.rect;
        // A field's text scrolls inside the field, which clips it; the
        // field itself is checked.
        if e.what.ends_with("#LineEditBase::text-input") {
            continue;
        }
        if r.x < -SLACK || r.right() > width + SLACK {
            problems.push(format!(
                "{} reaches past the window's side: x {:.0} to {:.0} of {width}",
                e.what,
                r.x,
                r.right()
            ));
        }
        let in_scrolling = scrolling.iter().any(|area| {
            let (across, down) = area.overlap(&r);
            across > 0.0 && down > 0.0
        });
        if !in_scrolling && (r.y < -SLACK || r.bottom() > height + SLACK) {
            problems.push(format!(
                "{} reaches past the window's top or bottom: y {:.0} to {:.0} of {height}",
                e.what,
                r.y,
                r.bottom()
            ));
        }
    }
    // A dialog covers the screen: its texts are read against each other,
    // the dimmed ones beneath against each other.
    let dialogs: Vec<Rect> = elements
        .iter()
        .filter(|e| e.is_dialog)
        .map(|e| e.rect)
        .collect();
    let in_dialog = |r: &Rect| {
        dialogs.iter().any(|d| {
            r.x >= d.x - SLACK
                && r.y >= d.y - SLACK
                && r.right() <= d.right() + SLACK
                && r.bottom() <= d.bottom() + SLACK
        })
    };
    // A text in a scrolling area is drawn only within it (the part scrolled
    // past its edge is clipped away).
    let drawn = |r: &Rect| {
        scrolling.iter().fold(*r, |r, area| {
            let (across, down) = area.overlap(&r);
            if across <= 0.0 || down <= 0.0 {
                return r;
            }
            let (x, y) = (r.x.max(area.x), r.y.max(area.y));
            Rect {
                x,
                y,
                width: r.right().min(area.right()) - x,
                height: r.bottom().min(area.bottom()) - y,
            }
        })
    };
    let texts: Vec<&Seen> = elements.iter().filter(|e| e.is_text).collect();
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            let (across, down) = drawn(&a.rect).overlap(&drawn(&b.rect));
            if across > SLACK && down > SLACK && in_dialog(&a.rect) == in_dialog(&b.rect) {
                problems.push(format!("{} and {} overlap", a.what, b.what));
            }
        }
    }
    problems
}

/// Where the board is drawn (the element named `board`), if on screen.
pub fn board_rect(app: &App) -> Option<Rect> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_type_name("Board")
        .find_first()
        .map(|e| Rect::of(&e))
}

/// Whether `r` is seen whole in a window `height` tall: inside the window
/// and inside every scrolling area it lies in, not cut to a sliver at an
/// edge. (What is taller than an area is read a part at a time: seen at all.)
fn whole(r: &Rect, height: f32, scrolling: &[Rect]) -> bool {
    let inside = |outer: &Rect| {
        let fits = r.y >= outer.y - SLACK && r.bottom() <= outer.bottom() + SLACK;
        fits || r.height > outer.height
    };
    let window = Rect {
        x: 0.0,
        y: 0.0,
        width: f32::MAX,
        height,
    };
    inside(&window)
        && scrolling.iter().all(|area| {
            let (across, down) = area.overlap(r);
            across <= 0.0 || down <= 0.0 || inside(area)
        })
}

/// The labels of the elements on screen that a player sees whole at
/// `height`, without scrolling.
pub fn in_view(app: &App, height: f32) -> Vec<String> {
    let scrolling = scrolling_areas(app);
    seen(app)
        .into_iter()
        .filter(|s| whole(&s.rect, height, &scrolling))
        .map(|s| s.what)
        .collect()
}

/// The labels of elements a player cannot bring into view at `width` x
/// `height` (a phone's portrait size): those laid out in a window tall
/// enough to need no scrolling, less those seen whole while every
/// scrolling area is scrolled to its top and then to its end. A scrolling
/// area that measures its content short leaves its last elements out of
/// reach, or shows them only as a sliver.
pub fn out_of_reach(app: &App, width: f32, height: f32) -> Vec<String> {
    use slint::ComponentHandle;
    let window = app.window().window();
    // The labelled elements drawn, and where (at the tall size: all of them;
    // at the phone's: those seen whole).
    let placed = |app: &App| -> Vec<(String, (i32, i32))> {
        let height = window.size().to_logical(window.scale_factor()).height;
        let scrolling = scrolling_areas(app);
        seen(app)
            .into_iter()
            .filter(|s| s.what.contains('"') && whole(&s.rect, height, &scrolling))
            .map(|s| (s.what, (s.rect.x as i32, s.rect.y as i32)))
            .collect()
    };
    let labels = |app: &App| -> std::collections::BTreeSet<String> {
        placed(app).into_iter().map(|(what, _)| what).collect()
    };
    window.set_size(slint::LogicalSize::new(width, 20_000.0));
    let all = labels(app);
    window.set_size(slint::LogicalSize::new(width, height));
    let mut reached = labels(app);
    let areas = ElementQuery::from_root(app.window())
        .match_descendants()
        .match_inherits("Flickable")
        .find_all();
    for area in areas {
        // Half the area's height a step, so a list that makes its rows only
        // when they come into view skips none; on to each end, where a step
        // no longer moves anything. (A step, not the first look, also lets
        // a list that scrolls itself, like the game-over move list, settle.)
        let half = (area.size().height * 0.5).max(20.0);
        for step in [half, -half] {
            let mut last = placed(app);
            for _ in 0..1000 {
                area.scroll(0.0, step);
                let now = placed(app);
                reached.extend(now.iter().map(|(what, _)| what.clone()));
                if now == last {
                    break;
                }
                last = now;
            }
        }
    }
    all.difference(&reached).cloned().collect()
}
