#include "index/internal/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <sstream>

namespace factline::index::internal {
namespace {

constexpr std::uint64_t kPrime = 0x9fb21c651e98df25ull;

std::uint64_t Mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

// Streaming form of Checksum64: feed chunks whose sizes are multiples of 8
// except the last.
class Checksummer {
 public:
  explicit Checksummer(std::uint64_t seed) : h_(seed) {}
  void Update(std::string_view bytes) {
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, bytes.data() + i, 8);
      h_ = (h_ ^ Mix(w + i + total_)) * kPrime;
      h_ = (h_ << 29) | (h_ >> 35);
    }
    for (; i < bytes.size(); ++i) {
      h_ = (h_ ^ static_cast<unsigned char>(bytes[i])) * kPrime;
    }
    total_ += bytes.size();
  }
  std::uint64_t Finish() const { return Mix(h_ ^ total_); }

 private:
  std::uint64_t h_;
  std::uint64_t total_ = 0;
};

std::string Errno(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

std::string Hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx",
                static_cast<unsigned long long>(v));
  return buf;
}

bool ParseU64(std::string_view s, int base, std::uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
    if (d < 0 || d >= base) return false;
    const std::uint64_t next =
        v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
    if (next / static_cast<std::uint64_t>(base) != v) return false;
    v = next;
  }
  *out = v;
  return true;
}

template <typename T>
void PutPod(std::string* out, const T& v) {
  out->append(reinterpret_cast<const char*>(&v), sizeof(T));
}

template <typename T>
bool GetPod(std::string_view bytes, std::size_t* pos, T* v) {
  if (*pos > bytes.size() || bytes.size() - *pos < sizeof(T)) return false;
  std::memcpy(v, bytes.data() + *pos, sizeof(T));
  *pos += sizeof(T);
  return true;
}

constexpr std::string_view kVectorsMagic = "FLVECT01";

}  // namespace

std::uint64_t Checksum64(std::string_view bytes, std::uint64_t seed) {
  Checksummer c(seed);
  c.Update(bytes);
  return c.Finish();
}

namespace {

// Opens a regular file for reading. std::ifstream is not used: on a
// directory it opens fine and then throws std::ios_failure from the first
// read, which would escape the module.
Result<int> OpenForRead(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    // ENOTDIR: a file where a directory of the path should be; the file
    // asked for does not exist either.
    if (errno == ENOENT || errno == ENOTDIR) {
      return Status::NotFound("missing " + path);
    }
    if (errno == EACCES) return Status::IOError("permission denied: " + path);
    return Status::IOError(Errno("cannot open", path));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const bool dir = S_ISDIR(st.st_mode);
    ::close(fd);
    return Status::IOError(path + (dir ? " is a directory, not a file"
                                       : " is not a regular file"));
  }
  return fd;
}

// Calls fn with successive chunks of the file (multiples of 8 bytes but the
// last).
Status ReadChunks(const std::string& path,
                  const std::function<void(std::string_view)>& fn) {
  FACTLINE_ASSIGN_OR_RETURN(const int fd, OpenForRead(path));
  std::string buf(1 << 20, '\0');
  std::size_t filled = 0;
  for (;;) {
    const ssize_t n = ::read(fd, buf.data() + filled, buf.size() - filled);
    if (n < 0) {
      if (errno == EINTR) continue;
      Status s = Status::IOError(Errno("cannot read", path));
      ::close(fd);
      return s;
    }
    filled += static_cast<std::size_t>(n);
    if (n == 0 || filled == buf.size()) {
      fn(std::string_view(buf.data(), filled));
      filled = 0;
      if (n == 0) break;
    }
  }
  ::close(fd);
  return Status::Ok();
}

}  // namespace

Result<FileDigest> DigestFile(const std::string& path) {
  Checksummer c(0x6a09e667f3bcc908ull);
  FileDigest d;
  FACTLINE_RETURN_IF_ERROR(ReadChunks(path, [&](std::string_view chunk) {
    c.Update(chunk);
    d.size += chunk.size();
  }));
  d.checksum = c.Finish();
  return d;
}

Result<std::string> ReadWholeFile(const std::string& path) {
  std::string s;
  FACTLINE_RETURN_IF_ERROR(
      ReadChunks(path, [&](std::string_view chunk) { s.append(chunk); }));
  return s;
}

bool FileExists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

Status EnsureDirectory(const std::string& path) {
  if (::mkdir(path.c_str(), 0755) == 0 || errno == EEXIST) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      return Status::Ok();
    }
    return Status::IOError(path + " exists and is not a directory");
  }
  return Status::IOError(Errno("cannot create directory", path));
}

Status SyncFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return Status::IOError(Errno("cannot open", path));
  const int rc = ::fsync(fd);
  const int saved = errno;
  ::close(fd);
  if (rc != 0) {
    errno = saved;
    return Status::IOError(Errno("cannot fsync", path));
  }
  return Status::Ok();
}

Status SyncDirectory(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return Status::IOError(Errno("cannot open", path));
  ::fsync(fd);  // some filesystems refuse fsync on directories; not fatal
  ::close(fd);
  return Status::Ok();
}

Status RenameFile(const std::string& from, const std::string& to) {
  if (std::rename(from.c_str(), to.c_str()) != 0) {
    return Status::IOError(Errno("cannot rename " + from + " to", to));
  }
  return Status::Ok();
}

Status RemoveFileIfExists(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    return Status::IOError(Errno("cannot remove", path));
  }
  return Status::Ok();
}

Status WriteFileAtomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return Status::IOError(Errno("cannot create", tmp));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      Status s = Status::IOError(Errno("cannot write", tmp));
      ::close(fd);
      return s;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    Status s = Status::IOError(Errno("cannot fsync", tmp));
    ::close(fd);
    return s;
  }
  if (::close(fd) != 0) return Status::IOError(Errno("cannot close", tmp));
  return RenameFile(tmp, path);
}

std::string GraphMark::ToString() const {
  return "audit seq " + std::to_string(audit_seq) + ", " +
         std::to_string(atoms) + " atoms (" + std::to_string(current_atoms) +
         " current), " + std::to_string(entities) + " entities, " +
         std::to_string(relations) + " relations";
}

std::string EncodeMeta(const Meta& meta) {
  std::ostringstream o;
  o << "factline-index " << meta.format << "\n";
  o << "embedder " << meta.embedder_id << "\n";
  o << "dimension " << meta.dimension << "\n";
  o << "audit_seq " << meta.covered.audit_seq << "\n";
  o << "atoms " << meta.covered.atoms << "\n";
  o << "entities " << meta.covered.entities << "\n";
  o << "relations " << meta.covered.relations << "\n";
  o << "current_atoms " << meta.covered.current_atoms << "\n";
  for (const auto& [name, d] : meta.files) {
    o << "file " << name << " " << d.size << " " << Hex(d.checksum) << "\n";
  }
  std::string body = o.str();
  body += "checksum " + Hex(Checksum64(body)) + "\n";
  return body;
}

Result<Meta> DecodeMeta(std::string_view text) {
  const std::size_t last = text.rfind("checksum ");
  if (last == std::string_view::npos || (last > 0 && text[last - 1] != '\n')) {
    return Status::Corruption("meta has no checksum line");
  }
  const std::string_view body = text.substr(0, last);
  std::string_view sum = text.substr(last + 9);
  if (!sum.empty() && sum.back() == '\n') sum.remove_suffix(1);
  std::uint64_t want = 0;
  if (!ParseU64(sum, 16, &want) || want != Checksum64(body)) {
    return Status::Corruption("meta checksum mismatch");
  }
  Meta meta;
  meta.format = -1;
  meta.dimension = -1;
  std::istringstream in{std::string(body)};
  std::string line;
  int line_no = 0;
  int seen = 0;
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    auto bad = [&] {
      return Status::Corruption("meta line " + std::to_string(line_no) + ": '" +
                                line + "'");
    };
    auto number = [&](std::uint64_t* out) {
      std::string v;
      ls >> v;
      return ParseU64(v, 10, out);
    };
    std::uint64_t v = 0;
    if (key == "factline-index") {
      if (!number(&v) || v > 1000) return bad();
      meta.format = static_cast<int>(v);
    } else if (key == "embedder") {
      if (!(ls >> meta.embedder_id)) return bad();
    } else if (key == "dimension") {
      if (!number(&v) || v > 1'000'000) return bad();
      meta.dimension = static_cast<int>(v);
    } else if (key == "audit_seq") {
      if (!number(&meta.covered.audit_seq)) return bad();
      ++seen;
    } else if (key == "atoms") {
      if (!number(&meta.covered.atoms)) return bad();
      ++seen;
    } else if (key == "entities") {
      if (!number(&meta.covered.entities)) return bad();
      ++seen;
    } else if (key == "relations") {
      if (!number(&meta.covered.relations)) return bad();
      ++seen;
    } else if (key == "current_atoms") {
      if (!number(&meta.covered.current_atoms)) return bad();
      ++seen;
    } else if (key == "file") {
      std::string name, size, sum_hex;
      FileDigest d;
      if (!(ls >> name >> size >> sum_hex) || !ParseU64(size, 10, &d.size) ||
          !ParseU64(sum_hex, 16, &d.checksum)) {
        return bad();
      }
      meta.files[name] = d;
    } else {
      return bad();
    }
  }
  if (meta.format < 0 || meta.dimension < 0 || meta.embedder_id.empty() ||
      seen != 5) {
    return Status::Corruption("meta is missing fields");
  }
  return meta;
}

std::string EncodeCallerVectors(const CallerVectors& vectors) {
  std::string out(kVectorsMagic);
  PutPod(&out, static_cast<std::uint32_t>(vectors.dimension));
  PutPod(&out, static_cast<std::uint64_t>(vectors.entities.size() +
                                          vectors.atoms.size()));
  auto put = [&](char kind, const auto& map) {
    // Sorted so the file is deterministic.
    std::map<std::uint64_t, const std::vector<float>*> sorted;
    for (const auto& [id, v] : map) sorted[id] = &v;
    for (const auto& [id, v] : sorted) {
      out.push_back(kind);
      PutPod(&out, id);
      out.append(reinterpret_cast<const char*>(v->data()),
                 v->size() * sizeof(float));
    }
  };
  put('e', vectors.entities);
  put('a', vectors.atoms);
  PutPod(&out, Checksum64(out));
  return out;
}

Result<CallerVectors> DecodeCallerVectors(std::string_view bytes) {
  if (bytes.size() < kVectorsMagic.size() + 4 + 8 + 8 ||
      bytes.substr(0, kVectorsMagic.size()) != kVectorsMagic) {
    return Status::Corruption("not a caller-vector file");
  }
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  std::uint64_t want = 0;
  std::memcpy(&want, bytes.data() + body.size(), 8);
  if (want != Checksum64(body)) {
    return Status::Corruption("caller-vector file checksum mismatch");
  }
  std::size_t pos = kVectorsMagic.size();
  std::uint32_t dim = 0;
  std::uint64_t count = 0;
  GetPod(body, &pos, &dim);
  GetPod(body, &pos, &count);
  if (dim == 0 || dim > 1'000'000) {
    return Status::Corruption("caller-vector file has a bad dimension");
  }
  CallerVectors out;
  out.dimension = static_cast<int>(dim);
  const std::size_t record = 1 + 8 + std::size_t{dim} * sizeof(float);
  if ((body.size() - pos) % record != 0 ||
      (body.size() - pos) / record != count) {
    return Status::Corruption("caller-vector file has a bad length");
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    const char kind = body[pos++];
    std::uint64_t id = 0;
    GetPod(body, &pos, &id);
    std::vector<float> v(dim);
    std::memcpy(v.data(), body.data() + pos, dim * sizeof(float));
    pos += dim * sizeof(float);
    if (kind == 'e') {
      out.entities[id] = std::move(v);
    } else if (kind == 'a') {
      out.atoms[id] = std::move(v);
    } else {
      return Status::Corruption("caller-vector file has a bad record kind");
    }
  }
  return out;
}

}  // namespace factline::index::internal
