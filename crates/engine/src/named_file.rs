//! A table or a book that a native front end read from a file
//! (`eval=file:<table>`, `book=file:<book.bin>`), to compare tables or books
//! in matches: kept for the rest of the process and known by its name, so
//! that a spec is written back as it was given.

/// The prefix of a name that asks for a file in place of a built-in table
/// or book.
pub const FILE_PREFIX: &str = "file:";

/// What a file held, with the name it was asked for by.
pub struct NamedFile<T> {
    /// `file:<path>`, as it was asked for.
    pub name: String,
    /// What the file held, decoded.
    pub contents: T,
}

impl<T> NamedFile<T> {
    /// `contents` named `name`, kept for the rest of the process.
    pub fn keep(name: String, contents: T) -> &'static NamedFile<T> {
        Box::leak(Box::new(NamedFile { name, contents }))
    }
}

impl<T> std::fmt::Debug for NamedFile<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NamedFile({})", self.name)
    }
}

/// Two files are the same when they were asked for by the same name.
impl<T> PartialEq for NamedFile<T> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl<T> Eq for NamedFile<T> {}
