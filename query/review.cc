// Memory's review queue, quarantine, re-verification, decay, audit queries,
// gate statistics and the replay check: thin wrappers that take the write
// lock or a read snapshot around the resolver's calls.
#include <algorithm>
#include <filesystem>

#include "query/internal/memory_impl.h"
#include "query/internal/views.h"
#include "query/query.h"

namespace factline {

namespace {

constexpr double kDayMicros = 86400.0 * 1e6;
constexpr std::size_t kAuditBatch = 4096;

}  // namespace

const resolver::GateConfig& Memory::gate_config() const {
  return impl_->resolver->gate_config();
}

Result<std::vector<graph::HeldItem>> Memory::Held(HeldFilter filter) const {
  std::vector<graph::HeldItem> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) {
    return r.ForEachHeld([&](const graph::HeldItem& item) {
      const bool keep = filter == HeldFilter::kAll ||
                        (filter == HeldFilter::kPending &&
                         item.state == graph::HeldState::kPending) ||
                        (filter == HeldFilter::kQuarantined &&
                         item.state == graph::HeldState::kQuarantined);
      if (keep) out.push_back(item);
      return Status::Ok();
    });
  });
  if (!s.ok()) return s;
  return out;
}

Result<resolver::Decision> Memory::Approve(std::uint64_t item,
                                           const resolver::ReviewEdit& edit,
                                           std::string_view reason) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->Approve(item, edit, reason);
}

Status Memory::RejectHeld(std::uint64_t item, std::string_view reason) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->RejectHeld(item, reason);
}

Result<resolver::Decision> Memory::Quarantine(AtomId atom,
                                              std::string_view reason) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->Quarantine(atom, reason);
}

Result<resolver::BulkQuarantine> Memory::QuarantineWhere(
    const resolver::AtomFilter& filter, std::string_view reason,
    std::size_t max_atoms) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->QuarantineWhere(filter, reason, max_atoms);
}

Status Memory::MarkVerified(AtomId atom, std::string_view reason) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->SetVerification(atom, Verification::kVerified,
                                          reason);
}

Status Memory::MarkExpired(AtomId atom, std::string_view reason) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->SetVerification(atom, Verification::kExpired, reason);
}

Result<std::vector<DueAtom>> Memory::DueForReverification(Timestamp now) const {
  const resolver::GateConfig& config = gate_config();
  std::vector<DueAtom> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    std::vector<std::pair<AtomId, double>> due;  // id, age in days
    FACTLINE_RETURN_IF_ERROR(r.ForEachCurrentAtom([&](const Atom& a) {
      const Provenance& p = a.provenance;
      if (p.verification == Verification::kExpired ||
          p.verification == Verification::kRejected ||
          p.confidence <= config.reverify.min_confidence) {
        return Status::Ok();
      }
      FACTLINE_ASSIGN_OR_RETURN(Timestamp refreshed, r.Refreshed(a.id));
      const double age =
          static_cast<double>(now - std::max(a.tx_time, refreshed)) /
          kDayMicros;
      if (age > config.reverify.min_age_days) due.emplace_back(a.id, age);
      return Status::Ok();
    }));
    std::stable_sort(due.begin(), due.end(), [](const auto& a, const auto& b) {
      return a.second > b.second;
    });
    for (const auto& [id, age] : due) {
      DueAtom d;
      FACTLINE_ASSIGN_OR_RETURN(d.fact, query::internal::MakeView(r, id));
      FACTLINE_ASSIGN_OR_RETURN(Timestamp refreshed, r.Refreshed(id));
      d.age_days = age;
      d.weight = resolver::RetrievalWeight(config, d.fact.atom, refreshed, now);
      out.push_back(std::move(d));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

Result<double> Memory::Weight(AtomId atom, Timestamp now) const {
  double weight = 0;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(atom));
    FACTLINE_ASSIGN_OR_RETURN(Timestamp refreshed, r.Refreshed(atom));
    weight = resolver::RetrievalWeight(gate_config(), a, refreshed, now);
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return weight;
}

Result<std::vector<graph::AuditRecord>> Memory::AuditOf(
    AtomId atom, std::uint64_t since, std::size_t limit) const {
  std::vector<graph::AuditRecord> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    while (out.size() < limit) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<graph::AuditRecord> records,
                                r.Audit(since, kAuditBatch));
      if (records.empty()) break;
      for (graph::AuditRecord& record : records) {
        if (out.size() < limit && resolver::AuditConcerns(record, atom)) {
          out.push_back(std::move(record));
        }
      }
      since = records.back().seq + 1;
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

Result<resolver::GateReport> Memory::GateStats() const {
  resolver::GateReport report;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(report,
                              resolver::BuildGateReport(r, gate_config()));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return report;
}

Result<resolver::ReplayReport> Memory::CheckReplay(
    const std::string& scratch_dir) const {
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::path(scratch_dir) / "data.mdb",
                              ec)) {
    return Status::InvalidArgument("replay target " + scratch_dir +
                                   " already holds a store");
  }
  graph::StoreOptions options;
  options.sync = false;  // a scratch copy: durability buys nothing
  FACTLINE_ASSIGN_OR_RETURN(std::unique_ptr<graph::Store> target,
                            graph::Store::Open(scratch_dir, options));
  return resolver::ReplayAudit(*impl_->store, target.get());
}

}  // namespace factline
