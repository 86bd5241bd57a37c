// Why the token embedding is multiplied by sqrt(dModel) before PE is added
// ("Attention Is All You Need", section 3.4): with the usual initialisation
// (entries of std 1/sqrt(dModel)) a token row has norm about 1, while
// |PE(p)| = sqrt(dModel/2) for every p, so without the scale position drowns
// the token; with it both are of the same order. Norms per position, float64.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/limits.hpp"

namespace phasor {

struct EmbeddingScaleSpec {
  std::int64_t d_model = 0;
  std::int64_t positions = 0;
  double offset = 0.0;  // position of the first row
  double base = 10000.0;
};

// The five norms for each position, in this order in the output.
enum EmbeddingNorm {
  kTokenNorm,        // |e_p|
  kScaledTokenNorm,  // |sqrt(d) e_p|
  kPeNorm,           // |PE(p)| (sqrt(d/2) up to rounding)
  kSumNorm,          // |e_p + PE(p)|
  kScaledSumNorm,    // |sqrt(d) e_p + PE(p)|
  kEmbeddingNormCount
};

std::string validate_embedding_scale(const EmbeddingScaleSpec& spec);

// tokens: positions x dModel. out: kEmbeddingNormCount blocks of `positions`
// values (block kTokenNorm first).
void embedding_scale(const EmbeddingScaleSpec& spec, const float* tokens, double* out);

// The same with token entries float32(std_dev * normals[k]), rounded as
// normal_samples rounds them (random.hpp): given standard_normals of a seed,
// the norms of that seed's normal_samples(std_dev) as tokens, bit for bit,
// without a float32 draw per std. std_dev in [0, kMaxNormalStd].
void embedding_scale_from_normals(const EmbeddingScaleSpec& spec, const double* normals, double std_dev, double* out);

}  // namespace phasor
