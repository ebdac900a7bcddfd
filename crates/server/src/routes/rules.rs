//! `GET /api/rules/{game}`: a game's rules for players as HTML (its Markdown rendered with
//! pulldown-cmark), each diagram of the text turned into a live board the page draws, with the
//! diagrams' positions and example moves and the guided first game.

use crate::error::ApiError;
use crate::service::ServiceError;
use crate::state::AppState;
use arbiter_core::rules_docs::{RulesDiagram, RulesManifest, Tutorial};
use arbiter_core::story::capitalised;
use arbiter_core::{swap, DynGameType, Player, Registry};
use axum::extract::{Path, State};
use axum::Json;
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Serialize;

/// A game's rules page.
#[derive(Debug, Serialize)]
pub struct RulesView {
    /// The registry name.
    pub game: &'static str,
    /// The game's name for a title.
    pub title: String,
    /// The rules as HTML; every diagram is `<figure class="live-diagram" data-diagram="ID">`.
    pub html: String,
    /// The diagrams, by id.
    pub diagrams: Vec<RulesDiagram>,
    /// The guided first game.
    pub tutorial: Tutorial,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Renders the rules' Markdown: images `img/<game>-<id>.svg` become live-diagram figures with
/// their text as caption; links to another game's rules (`krux.md`) lead to its rules page.
pub fn render(game: &str, markdown: &str) -> String {
    let prefix = format!("img/{game}-");
    let mut events = Vec::new();
    let mut figure: Option<(String, String)> = None;
    let mut in_title = false;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        // The page shows the game's name as its title: the text's own level-1 heading goes.
        match &event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) => in_title = true,
            Event::End(TagEnd::Heading(HeadingLevel::H1)) => {
                in_title = false;
                continue;
            }
            _ => {}
        }
        if in_title {
            continue;
        }
        match event {
            Event::Start(Tag::Image { dest_url, .. })
                if dest_url.starts_with(&prefix) && dest_url.ends_with(".svg") =>
            {
                let id = dest_url[prefix.len()..dest_url.len() - 4].to_string();
                figure = Some((id, String::new()));
            }
            Event::End(TagEnd::Image) if figure.is_some() => {
                let (id, caption) = figure.take().expect("checked");
                events.push(Event::Html(CowStr::from(format!(
                    "<figure class=\"live-diagram\" data-diagram=\"{}\"><figcaption>{}</figcaption></figure>",
                    escape(&id),
                    escape(&caption)
                ))));
            }
            Event::Text(text) | Event::Code(text) if figure.is_some() => {
                figure.as_mut().expect("checked").1.push_str(&text);
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) if dest_url.ends_with(".md") && !dest_url.contains('/') => {
                let page = format!("/rules/{}", &dest_url[..dest_url.len() - 3]);
                events.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url: CowStr::from(page),
                    title,
                    id,
                }));
            }
            other if figure.is_none() => events.push(other),
            _ => {}
        }
    }
    // A paragraph holding only a figure becomes the figure (a figure may not stand in a <p>).
    let mut tidy: Vec<Event> = Vec::with_capacity(events.len());
    for event in events {
        let closes_lone_figure = matches!(event, Event::End(TagEnd::Paragraph))
            && tidy.len() >= 2
            && matches!(&tidy[tidy.len() - 1], Event::Html(h) if h.starts_with("<figure"))
            && matches!(tidy[tidy.len() - 2], Event::Start(Tag::Paragraph));
        if closes_lone_figure {
            let figure = tidy.pop().expect("checked");
            tidy.pop();
            tidy.push(figure);
        } else {
            tidy.push(event);
        }
    }
    let mut out = String::new();
    html::push_html(&mut out, tidy.into_iter());
    out
}

/// The game of that exact registry name (not found otherwise: a page or report of no game).
pub(crate) fn game_named<'a>(registry: &'a Registry, name: &str) -> Result<&'a dyn DynGameType, ServiceError> {
    registry
        .names()
        .into_iter()
        .find(|n| *n == name)
        .and_then(|n| registry.get(n).ok())
        .ok_or_else(|| {
            ServiceError::not_found(format!(
                "no game is called '{}'",
                name.chars().take(40).collect::<String>()
            ))
        })
}

/// `/rules/{game}` and `/learn/{game}`: the app's page, with status 404 for a game that does not
/// exist (the app then says so).
pub async fn page(State(state): State<AppState>, Path(name): Path<String>) -> axum::response::Response {
    let mut page = crate::routes::assets::index().await;
    let known = state
        .run(move |s| Ok::<_, ServiceError>(game_named(s.registry(), &name).is_ok()))
        .await;
    if !matches!(known, Ok(true)) {
        *page.status_mut() = axum::http::StatusCode::NOT_FOUND;
    }
    page
}

/// `GET /api/rules/{game}`
pub async fn rules(State(state): State<AppState>, Path(name): Path<String>) -> Result<Json<RulesView>, ApiError> {
    let view = state
        .run(move |s| {
            let game = game_named(s.registry(), &name)?;
            let (markdown, manifest) = game
                .rules()
                .ok_or_else(|| ServiceError::not_found(format!("{} has no rules page", game.name())))?;
            let manifest = RulesManifest::parse(manifest).map_err(|e| ServiceError::internal(e.to_string()))?;
            let start = game
                .new_session("", None)
                .map_err(|e| ServiceError::internal(e.to_string()))?;
            let sides = [Player::First, Player::Second].map(|p| capitalised(start.player_name(p)));
            let markdown = format!("{markdown}\n\n{}", swap::rules_text(&sides[0], &sides[1]));
            Ok::<_, ServiceError>(RulesView {
                game: game.name(),
                title: capitalised(game.name()),
                html: render(game.name(), &markdown),
                diagrams: manifest.diagrams,
                tutorial: manifest.tutorial,
            })
        })
        .await?;
    Ok(Json(view))
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn diagrams_become_live_figures_and_links_stay_inside() {
        let html = render(
            "krux",
            "# Krux\n\n![The *start* position & more](img/krux-start.svg)\n\nSee [Void](void.md) and ![x](other.png).",
        );
        assert!(
            html.contains("<figure class=\"live-diagram\" data-diagram=\"start\"><figcaption>The start position &amp; more</figcaption></figure>"),
            "{html}"
        );
        assert!(!html.contains("<p><figure"), "{html}");
        assert!(!html.contains("<h1>"), "the page gives the title: {html}");
        assert!(html.contains("href=\"/rules/void\""), "{html}");
        assert!(html.contains("<img src=\"other.png\""), "{html}");
    }
}
