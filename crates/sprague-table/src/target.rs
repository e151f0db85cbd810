//! Where files are written: a table, a checkpoint or a picture replaces its
//! path only when that path is missing or a regular file of its own, so a
//! mistyped `--out` never turns a device node, a FIFO, a directory, a
//! symbolic link or a file with other hard links into a new regular file.
//!
//! Whole files are written beside the path under `PATH.tmp` (created anew,
//! never through a link), synced and renamed over the path
//! ([`replace_file`]); files kept open and appended to ([`check_in_place`])
//! must be regular files.

use crate::TableError;
use std::fs::{File, OpenOptions};
use std::io::Write;

/// What is at `path`, in words, when it is not a regular file of its own
/// (`None` when it is missing or such a file).
fn obstacle(path: &str) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let kind = meta.file_type();
    if kind.is_file() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if meta.nlink() > 1 {
                return Some(format!(
                    "a file with {} hard links (replacing it would leave the other names with the old contents)",
                    meta.nlink()
                ));
            }
        }
        return None;
    }
    Some(kind_words(&kind).to_string())
}

/// "a directory", "a symbolic link", "a FIFO", … for a file type that is not
/// a regular file.
fn kind_words(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link (give the file it points to)"
    } else {
        "not a regular file"
    }
}

/// Checks that `path` may be replaced by a new file: it is missing, or a
/// regular file that is not a symbolic link and has no other hard links.
/// `flag` names the option in the message (`--out`). O(1).
///
/// ```
/// assert!(sprague_table::check_replaceable("/dev/null", "--out").is_err());
/// assert!(sprague_table::check_replaceable("/no/such/dir/t.tbl", "--out").is_ok());
/// ```
///
/// # Errors
/// [`TableError::Input`] naming the path and what it is.
pub fn check_replaceable(path: &str, flag: &str) -> Result<(), TableError> {
    match obstacle(path) {
        None => Ok(()),
        Some(what) => Err(TableError::Input(format!(
            "{flag} `{path}` is {what}: refused, only a regular file is replaced"
        ))),
    }
}

/// Checks that `path` may be opened and written in place (a file that is
/// resumed and appended to): it is missing, or a regular file (a symbolic
/// link to one is followed). Checked before opening, so that a FIFO or a
/// device is never opened (which could block or write into it). O(1).
///
/// # Errors
/// [`TableError::Input`] naming the path and what it is.
pub fn check_in_place(path: &str, flag: &str) -> Result<(), TableError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(TableError::Input(format!(
            "{flag} `{path}` is {}: refused, only a regular file is written",
            kind_words(&meta.file_type())
        ))),
        _ => Ok(()),
    }
}

/// Writes a new file at `path` through `write`: checks the path
/// ([`check_replaceable`]), creates `PATH.tmp` anew (a leftover regular
/// `PATH.tmp` of an interrupted run is removed first; anything else there
/// is refused), lets `write` fill it, syncs it, checks the path again and
/// renames the temporary file over it. `path` is never a half-written file.
///
/// # Errors
/// [`TableError::Input`] for a path that may not be replaced,
/// [`TableError::Io`] when writing fails (the temporary file is removed).
pub fn replace_file(
    path: &str,
    flag: &str,
    write: impl FnOnce(&mut std::io::BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), TableError> {
    check_replaceable(path, flag)?;
    let tmp = format!("{path}.tmp");
    match std::fs::symlink_metadata(&tmp) {
        Ok(m) if m.file_type().is_file() => {
            std::fs::remove_file(&tmp).map_err(|e| TableError::io(&tmp, &e))?;
        }
        Ok(m) => {
            return Err(TableError::Input(format!(
                "{flag} `{path}`: its temporary file `{tmp}` exists and is {}: refused",
                kind_words(&m.file_type())
            )));
        }
        Err(_) => {}
    }
    let io = |e: std::io::Error| TableError::io(&tmp, &e);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(io)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    let written = write(&mut out)
        .and_then(|()| out.flush())
        .and_then(|()| out.get_ref().sync_all());
    drop(out);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    // The path may have changed while the file was written.
    if let Err(e) = check_replaceable(path, flag) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        TableError::io(path, &e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("sprague-target-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn only_missing_paths_and_regular_files_are_replaced() {
        let d = dir();
        let file = d.join("plain");
        std::fs::write(&file, b"old").unwrap();
        let f = file.to_str().unwrap();
        replace_file(f, "--out", |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert!(!d.join("plain.tmp").exists());
        // A leftover regular temporary file is replaced too.
        std::fs::write(d.join("plain.tmp"), b"stale").unwrap();
        replace_file(f, "--out", |w| w.write_all(b"newer")).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"newer");
        // A directory, a device, a symbolic link and a hard-linked file are refused.
        let e = check_replaceable(d.to_str().unwrap(), "--out").unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        #[cfg(unix)]
        {
            let e = replace_file("/dev/null", "--out", |w| w.write_all(b"x")).unwrap_err();
            assert!(e.to_string().contains("a device"), "{e}");
            let link = d.join("link");
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(&file, &link).unwrap();
            let e = check_replaceable(link.to_str().unwrap(), "--out").unwrap_err();
            assert!(e.to_string().contains("symbolic link"), "{e}");
            // In place, a link to a regular file is followed.
            assert!(check_in_place(link.to_str().unwrap(), "FILE").is_ok());
            assert!(check_in_place("/dev/null", "FILE").is_err());
            let hard = d.join("hard");
            let _ = std::fs::remove_file(&hard);
            std::fs::hard_link(&file, &hard).unwrap();
            let e = check_replaceable(f, "--out").unwrap_err();
            assert!(e.to_string().contains("2 hard links"), "{e}");
            // A temporary name taken by something else is refused, untouched.
            let other = d.join("other");
            let _ = std::fs::remove_file(d.join("other.tmp"));
            std::os::unix::fs::symlink(&file, d.join("other.tmp")).unwrap();
            let e = replace_file(other.to_str().unwrap(), "--out", |w| w.write_all(b"x")).unwrap_err();
            assert!(e.to_string().contains("temporary file"), "{e}");
            assert_eq!(std::fs::read(&file).unwrap(), b"newer");
        }
        // A failed write leaves the path as it was and no temporary file.
        let kept = d.join("kept");
        std::fs::write(&kept, b"kept").unwrap();
        let e = replace_file(kept.to_str().unwrap(), "--out", |_| {
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(e.to_string().contains("disk full"), "{e}");
        assert_eq!(std::fs::read(&kept).unwrap(), b"kept");
        assert!(!d.join("kept.tmp").exists());
        let _ = std::fs::remove_dir_all(&d);
    }
}
