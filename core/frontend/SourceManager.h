#ifndef TESSEL_CORE_FRONTEND_SOURCEMANAGER_H
#define TESSEL_CORE_FRONTEND_SOURCEMANAGER_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessel::frontend {

/// A position in a source file. Lines and columns are 1-based; columns count
/// Unicode code points (not bytes), so a caret lines up under non-ASCII text.
/// `file` indexes the owning SourceManager; line 0 means "no location".
struct SourceLoc {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;

  /// True when this location points into a file.
  bool isValid() const { return line != 0; }
  friend bool operator==(const SourceLoc &a, const SourceLoc &b) {
    return a.file == b.file && a.line == b.line && a.col == b.col;
  }
  friend bool operator!=(const SourceLoc &a, const SourceLoc &b) { return !(a == b); }
  friend bool operator<(const SourceLoc &a, const SourceLoc &b) {
    if (a.file != b.file) return a.file < b.file;
    if (a.line != b.line) return a.line < b.line;
    return a.col < b.col;
  }
};

/// A half-open span [begin, end) of source text; `end` is the position just
/// past the last character, so a one-character token at 3:9 ends at 3:10.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
};

/// Owns the text of every file the frontend reads, so that diagnostics can
/// quote source lines long after lexing finished. Files are never removed;
/// ids and the string_views handed out stay valid for the manager's lifetime.
class SourceManager {
public:
  /// Adds a file and returns its id (ids start at 1; 0 is "no file").
  uint32_t addFile(std::string name, std::string text);

  /// The file's name as given to addFile, or "<unknown>" for a bad id.
  std::string_view name(uint32_t file) const;
  /// The whole text of the file (empty for a bad id).
  std::string_view text(uint32_t file) const;
  /// The text of one line without its line terminator (empty if out of range).
  std::string_view line(uint32_t file, uint32_t line) const;
  /// Number of lines in the file.
  uint32_t lineCount(uint32_t file) const;

private:
  struct File {
    std::string name;
    std::string text;
    std::vector<size_t> lineStarts; ///< byte offset of each line's first byte
  };
  const File *get(uint32_t file) const;
  std::vector<File> files_;
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_SOURCEMANAGER_H
