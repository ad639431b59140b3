#include "core/frontend/SourceManager.h"

namespace tessel::frontend {

uint32_t SourceManager::addFile(std::string name, std::string text) {
  File f;
  f.name = std::move(name);
  f.text = std::move(text);
  f.lineStarts.push_back(0);
  // "\r\n", "\r" and "\n" all end a line, matching what the lexer accepts.
  for (size_t i = 0; i < f.text.size(); ++i) {
    char c = f.text[i];
    if (c == '\r' && i + 1 < f.text.size() && f.text[i + 1] == '\n') ++i;
    if (c == '\n' || c == '\r') f.lineStarts.push_back(i + 1);
  }
  files_.push_back(std::move(f));
  return static_cast<uint32_t>(files_.size());
}

const SourceManager::File *SourceManager::get(uint32_t file) const {
  if (file == 0 || file > files_.size()) return nullptr;
  return &files_[file - 1];
}

std::string_view SourceManager::name(uint32_t file) const {
  const File *f = get(file);
  return f ? std::string_view(f->name) : std::string_view("<unknown>");
}

std::string_view SourceManager::text(uint32_t file) const {
  const File *f = get(file);
  return f ? std::string_view(f->text) : std::string_view();
}

uint32_t SourceManager::lineCount(uint32_t file) const {
  const File *f = get(file);
  return f ? static_cast<uint32_t>(f->lineStarts.size()) : 0;
}

std::string_view SourceManager::line(uint32_t file, uint32_t line) const {
  const File *f = get(file);
  if (!f || line == 0 || line > f->lineStarts.size()) return {};
  size_t begin = f->lineStarts[line - 1];
  size_t end = begin;
  while (end < f->text.size() && f->text[end] != '\n' && f->text[end] != '\r') ++end;
  return std::string_view(f->text).substr(begin, end - begin);
}

} // namespace tessel::frontend
