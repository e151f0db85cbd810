//! Writing pictures: the SVG text as drawn, or a PNG rasterised from it when
//! the file name ends in `.png` (resvg, with the system's fonts for the labels).

use crate::error::{CliError, CliResult};
use resvg::{tiny_skia, usvg};

/// Pixels per SVG unit in PNG output: sharp on high-density screens.
const PNG_SCALE: f32 = 2.0;

/// Sans-serif families tried, in order, for the labels of PNG pictures.
const SANS: [&str; 5] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Arial",
    "Helvetica",
    "Noto Sans",
];

/// What a picture file holds, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.svg`
    Svg,
    /// `.png`
    Png,
}

/// The format named by `path`'s extension (`.svg` or `.png`, any case).
///
/// # Errors
/// Any other extension.
pub fn format_of(path: &str, flag: &str) -> CliResult<Format> {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".svg") {
        Ok(Format::Svg)
    } else if lower.ends_with(".png") {
        Ok(Format::Png)
    } else {
        Err(CliError::input(format!(
            "{flag} `{path}`: the file name must end in .svg or .png"
        )))
    }
}

/// Checks before any work that `path` may be written by `flag`: its
/// extension, and that it is missing or a regular file
/// ([`sprague_table::check_replaceable`]).
///
/// # Errors
/// A bad extension, or a path that is a device, a FIFO, a directory, a
/// symbolic link or a file with other hard links (exit 2).
pub fn check(path: &str, flag: &str) -> CliResult<()> {
    format_of(path, flag)?;
    sprague_table::check_replaceable(path, flag).map_err(|e| CliError::input(e.to_string()))
}

/// Writes `svg` to `path`, as SVG text or rasterised to PNG by extension,
/// through a temporary file renamed into place; only a missing path or a
/// regular file is replaced ([`check`]).
///
/// # Errors
/// A bad extension or path (exit 2), a file that cannot be written (exit
/// 2), or an SVG that does not render (exit 1: the drawing code is at fault).
pub fn write(path: &str, svg: &str, flag: &str) -> CliResult<()> {
    check(path, flag)?;
    let bytes = match format_of(path, flag)? {
        Format::Svg => svg.as_bytes().to_vec(),
        Format::Png => png(svg)?,
    };
    sprague_table::replace_file(path, flag, |w| std::io::Write::write_all(w, &bytes)).map_err(|e| match e {
        sprague_table::TableError::Io { message, .. } => {
            CliError::input(format!("{flag}: cannot write `{path}`: {message}"))
        }
        other => CliError::input(other.to_string()),
    })
}

/// Rasterises an SVG document to PNG bytes at [`PNG_SCALE`] pixels per unit.
///
/// # Errors
/// The SVG does not parse, or the picture is empty or too large.
pub fn png(svg: &str) -> CliResult<Vec<u8>> {
    let mut options = usvg::Options::default();
    let db = options.fontdb_mut();
    db.load_system_fonts();
    let family = SANS
        .iter()
        .find(|f| db.faces().any(|face| face.families.iter().any(|(n, _)| n == *f)))
        .map(|f| (*f).to_string())
        .or_else(|| {
            db.faces()
                .next()
                .and_then(|f| f.families.first().map(|(n, _)| n.clone()))
        });
    if let Some(f) = family {
        db.set_sans_serif_family(f);
    }
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| CliError::internal(format!("cannot render the picture: {e}")))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * PNG_SCALE).ceil() as u32,
        (size.height() * PNG_SCALE).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| CliError::internal(format!("cannot make a {w}×{h} picture")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| CliError::internal(format!("cannot encode the PNG: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_extension() {
        assert_eq!(format_of("a.svg", "--plot").unwrap(), Format::Svg);
        assert_eq!(format_of("dir/A.PNG", "--plot").unwrap(), Format::Png);
        let e = format_of("a.jpg", "--plot").unwrap_err();
        assert_eq!(e.code, 2);
        assert!(e.message.contains("a.jpg"));
    }

    #[test]
    fn png_has_signature_and_scaled_size() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="blue"/><text x="5" y="20" font-family="sans-serif">x</text></svg>"#;
        let bytes = png(svg).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let w = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
        let h = u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
        assert_eq!((w, h), (200, 100));
        assert!(png("<svg").is_err());
    }
}
