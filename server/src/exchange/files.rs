//! The exchange's folder (issue 38): the files 1C uploads with `mode=file`, appended chunk by chunk, and the zip
//! archives it sends when `mode=init` answered `zip=yes`, unpacked before an import. Everything here is hostile until
//! checked: names ([`checked_name`]: no absolute names, no `..`, no climbing out of the folder), the folder's total size
//! ([`Caps::dir_max_bytes`]), an archive's entry count and unpacked sizes (a zip bomb is refused before its bytes are
//! written, and an entry longer than it declared is cut off and refused).

use crate::limits::{EXCHANGE_FILENAME_MAX_BYTES, EXCHANGE_FILENAME_MAX_DEPTH};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

/// Why a file of the exchange was refused. The message is 1C's `failure` reason.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("the file name {0:?} is refused: {1}")]
    Name(String, &'static str),
    #[error("the exchange's folder would hold more than {limit} bytes")]
    FolderFull { limit: u64 },
    #[error("the archive {name:?} is refused: {reason}")]
    Archive { name: String, reason: String },
    #[error("the exchange's folder: {0}")]
    Io(#[from] std::io::Error),
}

/// The folder's limits.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Most bytes the folder may hold, uploads and unpacked files together.
    pub dir_max_bytes: u64,
    /// Most entries one archive may have.
    pub zip_max_files: usize,
    /// Most bytes one unpacked entry may have.
    pub zip_entry_max_bytes: u64,
}

/// The relative path 1C's file name `name` stands for inside the exchange's folder: `import.xml`,
/// `import_files/ab/x.jpg` (a `\` is taken as a separator, as Windows writes it).
///
/// # Errors
/// [`FileError::Name`]: empty, longer than [`EXCHANGE_FILENAME_MAX_BYTES`], absolute (`/x`, `C:\x`), naming `..` or
/// `.`, deeper than [`EXCHANGE_FILENAME_MAX_DEPTH`] folders, or holding a control character.
pub fn checked_name(name: &str) -> Result<PathBuf, FileError> {
    let refuse = |why| Err(FileError::Name(name.chars().take(200).collect(), why));
    if name.is_empty() {
        return refuse("it is empty");
    }
    if name.len() > EXCHANGE_FILENAME_MAX_BYTES {
        return refuse("it is too long");
    }
    if name.chars().any(char::is_control) {
        return refuse("it holds a control character");
    }
    let normal = name.replace('\\', "/");
    if normal.starts_with('/') || normal.as_bytes().get(1) == Some(&b':') {
        return refuse("it is absolute");
    }
    let parts: Vec<&str> = normal.split('/').collect();
    if parts.len() > EXCHANGE_FILENAME_MAX_DEPTH + 1 {
        return refuse("it is nested too deep");
    }
    let mut path = PathBuf::new();
    for part in parts {
        if part.is_empty() || part == "." || part == ".." {
            return refuse("it names an empty, '.' or '..' part");
        }
        path.push(part);
    }
    if path.components().any(|c| !matches!(c, Component::Normal(_))) {
        return refuse("it leaves the exchange's folder");
    }
    Ok(path)
}

/// Bytes the files under `dir` hold (0 when it does not exist).
pub fn folder_bytes(dir: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(0) };
    for entry in entries {
        let entry = entry?;
        let kind = entry.file_type()?;
        if kind.is_dir() {
            total += folder_bytes(&entry.path())?;
        } else if kind.is_file() {
            total += entry.metadata()?.len();
        }
    }
    Ok(total)
}

/// Appends `body` to file `name` of `dir` (made with its folders when missing): 1C sends a file larger than
/// `file_limit` in chunks, each a `mode=file` call of the same name.
///
/// # Errors
/// A refused name, a folder that would pass [`Caps::dir_max_bytes`], or the file system's.
pub fn append(dir: &Path, name: &str, body: &[u8], caps: Caps) -> Result<(), FileError> {
    let relative = checked_name(name)?;
    if folder_bytes(dir)? + body.len() as u64 > caps.dir_max_bytes {
        return Err(FileError::FolderFull { limit: caps.dir_max_bytes });
    }
    let path = dir.join(relative);
    let clash = |err: std::io::Error| match err.kind() {
        std::io::ErrorKind::NotADirectory | std::io::ErrorKind::IsADirectory | std::io::ErrorKind::AlreadyExists => {
            FileError::Name(name.chars().take(200).collect(), "a file and a folder of the exchange would share it")
        }
        _ => FileError::Io(err),
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(clash)?;
    }
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&path).map_err(clash)?;
    file.write_all(body)?;
    file.flush()?;
    Ok(())
}

/// Empties `dir` (a new exchange begins at `mode=init`), making it when missing.
///
/// # Errors
/// The file system's.
pub fn clear(dir: &Path) -> std::io::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => {}
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => return Err(err),
    }
    std::fs::create_dir_all(dir)
}

/// The zip archives at the top of `dir`, by name.
pub fn archives(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(out) };
    for entry in entries {
        let path = entry?.path();
        if path.is_file() && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip")) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Unpacks the archive `archive` into `dir`, then removes it. Each entry's name is checked as an uploaded file's is
/// (zip-slip: `../x`, `/etc/x`); the entries are counted against [`Caps::zip_max_files`]; each is written through a
/// counter that stops at [`Caps::zip_entry_max_bytes`] and at what the folder may still hold, whatever the archive
/// declares. Returns the files unpacked.
///
/// # Errors
/// [`FileError::Archive`] for a refused archive (a partly unpacked one is left for the next `mode=init` to clear; the
/// import does not start), or the file system's.
pub fn unpack(dir: &Path, archive: &Path, caps: Caps) -> Result<Vec<String>, FileError> {
    let name = archive.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let refuse = |reason: String| FileError::Archive { name: name.clone(), reason };
    let file = std::fs::File::open(archive)?;
    let archive_bytes = file.metadata()?.len();
    let mut zip = zip::ZipArchive::new(file).map_err(|e| refuse(e.to_string()))?;
    if zip.len() > caps.zip_max_files {
        return Err(refuse(format!("it has {} entries; at most {} are taken", zip.len(), caps.zip_max_files)));
    }
    // The archive itself goes once unpacked: what it unpacks to may use its room.
    let mut room = caps.dir_max_bytes.saturating_sub(folder_bytes(dir)?.saturating_sub(archive_bytes));
    let mut unpacked = Vec::new();
    for index in 0..zip.len() {
        let mut entry = zip.by_index(index).map_err(|e| refuse(e.to_string()))?;
        let entry_name = entry.name().map_err(|e| refuse(e.to_string()))?.into_owned();
        if entry.is_dir() {
            continue;
        }
        let relative = checked_name(&entry_name)?;
        let limit = caps.zip_entry_max_bytes.min(room);
        if entry.size() > limit {
            return Err(refuse(format!("{entry_name:?} unpacks to {} bytes; at most {limit} are taken", entry.size())));
        }
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut out = std::fs::File::create(&path)?;
        let written = std::io::copy(&mut (&mut entry).take(limit + 1), &mut out)?;
        if written > limit {
            drop(out);
            std::fs::remove_file(&path)?;
            return Err(refuse(format!("{entry_name:?} unpacks to more than {limit} bytes")));
        }
        room -= written;
        unpacked.push(entry_name);
    }
    std::fs::remove_file(archive)?;
    Ok(unpacked)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAPS: Caps = Caps { dir_max_bytes: 1 << 20, zip_max_files: 10, zip_entry_max_bytes: 64 * 1024 };

    #[test]
    fn names_inside_the_folder_pass_and_every_way_out_is_refused() {
        assert_eq!(checked_name("import.xml").unwrap(), PathBuf::from("import.xml"));
        assert_eq!(checked_name("import_files\\ab\\x.jpg").unwrap(), PathBuf::from("import_files/ab/x.jpg"));
        for bad in [
            "",
            "../x.xml",
            "a/../../x",
            "/etc/passwd",
            "C:\\Windows\\x",
            "a//b",
            "./x",
            "a/\u{0}b",
            "a/b/c/d/e/f/g/h/i/j.xml",
        ] {
            assert!(matches!(checked_name(bad), Err(FileError::Name(..))), "{bad:?}");
        }
        assert!(checked_name(&"x".repeat(EXCHANGE_FILENAME_MAX_BYTES + 1)).is_err());
    }

    #[test]
    fn chunks_append_and_the_folder_cap_holds() {
        let dir = tempfile::tempdir().unwrap();
        append(dir.path(), "a/b.xml", b"<a>", CAPS).unwrap();
        append(dir.path(), "a/b.xml", b"</a>", CAPS).unwrap();
        assert_eq!(std::fs::read(dir.path().join("a/b.xml")).unwrap(), b"<a></a>");
        let small = Caps { dir_max_bytes: 10, ..CAPS };
        assert!(matches!(append(dir.path(), "c.xml", b"12345", small), Err(FileError::FolderFull { .. })));
        // A name that is a folder already, or under a file: refused, not a failure of the shop.
        assert!(matches!(append(dir.path(), "a", b"x", CAPS), Err(FileError::Name(..))));
        assert!(matches!(append(dir.path(), "a/b.xml/c", b"x", CAPS), Err(FileError::Name(..))));
    }

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in entries {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
        out.into_inner()
    }

    #[test]
    fn an_archive_unpacks_with_its_folders_and_goes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.zip"), zip_of(&[("import.xml", b"<a/>"), ("import_files/ab/p.jpg", b"jpg")]))
            .unwrap();
        let archive = archives(dir.path()).unwrap();
        let files = unpack(dir.path(), &archive[0], CAPS).unwrap();
        assert_eq!(files, ["import.xml", "import_files/ab/p.jpg"]);
        assert_eq!(std::fs::read(dir.path().join("import_files/ab/p.jpg")).unwrap(), b"jpg");
        assert!(archives(dir.path()).unwrap().is_empty());
    }

    #[test]
    fn zip_slip_bombs_and_too_many_entries_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let slip = dir.path().join("slip.zip");
        std::fs::write(&slip, zip_of(&[("../evil.xml", b"x")])).unwrap();
        assert!(matches!(unpack(dir.path(), &slip, CAPS), Err(FileError::Name(..))));
        assert!(!dir.path().parent().unwrap().join("evil.xml").exists());

        let bomb = dir.path().join("bomb.zip");
        let zeros = vec![0u8; 1 << 20];
        std::fs::write(&bomb, zip_of(&[("zeros.xml", &zeros)])).unwrap();
        assert!(std::fs::metadata(&bomb).unwrap().len() < 10_000, "a megabyte of zeros packs small");
        let err = unpack(dir.path(), &bomb, CAPS).unwrap_err();
        assert!(matches!(err, FileError::Archive { .. }), "{err}");
        assert!(!dir.path().join("zeros.xml").exists());

        let many = dir.path().join("many.zip");
        let names: Vec<String> = (0..11).map(|n| format!("{n}.xml")).collect();
        let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
        std::fs::write(&many, zip_of(&entries)).unwrap();
        assert!(unpack(dir.path(), &many, CAPS).unwrap_err().to_string().contains("11 entries"));
    }
}
