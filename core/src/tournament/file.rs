//! The `mj-event` file: an [`Event`] as JSON, its format name and version first. Where the file
//! lives, and how it is replaced safely, is the front end's; this is its text.

use super::Event;
use serde_json::{json, Value};

/// `format` of an event file.
pub const FORMAT: &str = "mj-event";
/// The event file version this build reads and writes.
pub const VERSION: u64 = 1;

impl Event {
    /// The event file's text: pretty JSON, without a final newline.
    pub fn to_file_json(&self) -> Result<String, String> {
        let mut v = serde_json::Map::new();
        v.insert("format".into(), json!(FORMAT));
        v.insert("version".into(), json!(VERSION));
        match serde_json::to_value(self).map_err(|err| err.to_string())? {
            Value::Object(m) => v.extend(m),
            _ => return Err("event does not serialise to an object".into()),
        }
        serde_json::to_string_pretty(&Value::Object(v)).map_err(|err| err.to_string())
    }

    /// Reads an event file's bytes: its format and version checked, the event validated. The
    /// error says what is wrong, without the file's name.
    pub fn from_file_json(bytes: &[u8]) -> Result<Event, String> {
        let v: Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!("it is not an {FORMAT} document"));
        }
        if v.get("version").and_then(Value::as_u64) != Some(VERSION) {
            return Err(format!("it is not {FORMAT} version {VERSION}"));
        }
        let e: Event = serde_json::from_value(v).map_err(|e| e.to_string())?;
        e.validate()?;
        Ok(e)
    }
}
