//! A JSON body extractor whose rejections (malformed JSON, wrong fields, oversized bodies) are API errors.

use crate::error::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// A JSON request body; any problem with it becomes a JSON [`ApiError`].
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(rejection_to_error(rejection)),
        }
    }
}

fn rejection_to_error(rejection: JsonRejection) -> ApiError {
    let status = rejection.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::new(
            status,
            "body_too_large",
            format!("the request body is larger than {} bytes", crate::limits::BODY_LIMIT),
        );
    }
    let code = match rejection {
        JsonRejection::MissingJsonContentType(_) => "bad_content_type",
        JsonRejection::JsonSyntaxError(_) => "bad_json",
        JsonRejection::JsonDataError(_) => "bad_request_body",
        _ => "bad_request_body",
    };
    let status = if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        status
    } else {
        StatusCode::BAD_REQUEST
    };
    ApiError::new(status, code, short_reason(&rejection.body_text()))
}

/// serde's message without axum's preamble, e.g. "record.moves: invalid type: integer `3`,
/// expected a string at line 1 column 40" becomes "record.moves: invalid type: integer `3`,
/// expected a string".
fn short_reason(text: &str) -> String {
    let text = text
        .trim_start_matches("Failed to deserialize the JSON body into the target type: ")
        .trim_start_matches("Failed to parse the request body as JSON: ");
    let text = match text.rfind(" at line ") {
        Some(i) => &text[..i],
        None => text,
    };
    let text: String = text.chars().take(300).collect();
    format!("the request body is not valid: {text}")
}
