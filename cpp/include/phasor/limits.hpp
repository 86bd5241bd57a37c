// Every bound the core checks, in one table. The checks read these
// constants, the bindings export the table (limits() in
// cpp/bindings/module_bindings.cpp), and the TypeScript API and elements read
// it from the module at run time, so no bound is written twice.
//
// Work caps keep one call to about a second on a laptop core (wasm SIMD;
// the scalar build is 1-5x slower): no documented-valid call blocks a page.
#pragma once
#include <cstdint>

namespace phasor {

// Sizes of the PE core.
inline constexpr std::int64_t kMaxDModel = 65536;
inline constexpr std::int64_t kMaxPositions = std::int64_t{1} << 26;
// |position| stays below 2^31 so that the float64 phase p*omega keeps an error
// far below float32 resolution (|p| * 2^-52 < 5e-7).
inline constexpr double kMaxAbsPosition = 2147483648.0;
// Wavelengths run up to 2*pi*base: 1e300 keeps them (and theta * factor^2 of
// the NTK scalings) finite in float64.
inline constexpr double kMaxBase = 1e300;
// The fastest frequency of a table (maxFrequency, radians per position): MLX's
// full_turns puts it at 2*pi, 64 leaves room. The float64 phase p * w_0 is
// rounded by up to |p| w_0 2^-53, a term of the accuracy bound (encoding.hpp).
inline constexpr double kMaxFrequency = 64.0;
// The slowest frequency of a table: its wavelength 2*pi/omega stays finite
// (maxFrequency 5e-324 gave wavelengths of Infinity).
inline constexpr double kMinFrequency = 1e-307;
// |scale| of a table (MLX's sqrt(2/dims) and the like): float32 holds 1e30.
inline constexpr double kMaxEncodeScale = 1e30;
// wasm32 addresses 4 GiB; a result and its JavaScript copy must both fit.
inline constexpr std::int64_t kMaxOutputBytes = std::int64_t{1} << 30;

// Work caps of the PE core (multiply-adds, or values for RoPE and samples).
inline constexpr double kMaxDotByOffsetWork = 536870912.0;  // (maxOffset + 1) x dModel/2 = 2^29
inline constexpr double kMaxPairwiseWork = 4294967296.0;    // count x count x dim = 2^32
inline constexpr double kMaxRotationWork = 67108864.0;      // positions x dModel = 2^26
// identify reads the table as float64 (8 bytes a value) and judges every
// value of a fitted form in up to two precisions (float32 arithmetic with a
// sine and a cosine per pair and row, and exact arithmetic, or the nearer two
// when none explains the table): 3 x 2^20 values keep a call near a second,
// and the PyTorch tutorial's 5000 x 512 table fits. Longer tables: a sample
// of their rows (rowIndices).
inline constexpr double kMaxIdentifyValues = 3145728.0;  // positions x dModel = 3 x 2^20

// RoPE and the experiments.
inline constexpr double kMaxRopeValues = 16777216.0;     // count x dim = 2^24
inline constexpr double kMaxNormalSamples = 33554432.0;  // count = 2^25
inline constexpr double kMaxSeed = 9007199254740991.0;   // 2^53 - 1: integers a double holds exactly
inline constexpr double kMaxNormalStd = 1e30;
// The seeded tokens' std of the attention functions: with their drawn W_Q and
// W_K every score stays within float32 (|q . k| <= 5390 dHead dModel tokenStd^2
// < 1e35, the normals being below 8.6 in magnitude); real embeddings are O(1).
inline constexpr double kMaxTokenStd = 1e12;
inline constexpr std::int64_t kMaxAttentionPositions = 4096;  // queries, keys, anchors, offsets
inline constexpr std::int64_t kMaxAttentionWidth = 4096;      // dModel, dHead
// (queries x keys + (queries + keys) x dModel) x dHead: the scores plus the projections.
inline constexpr double kMaxAttentionWork = 1073741824.0;  // 2^30
inline constexpr std::int64_t kMaxAlibiHeads = 1024;
inline constexpr std::int64_t kMaxEmbeddingScaleValues = std::int64_t{1} << 24;  // positions x dModel
// embeddingScale re-anchors its phase walk every this many positions: blocks
// of a multiple of it give one call's numbers bit for bit (a chart's slices).
inline constexpr std::int64_t kEmbeddingScaleBlock = 64;
inline constexpr std::int64_t kMaxResolutionCases = 64;     // bases, lengths
inline constexpr double kMaxResolutionWork = 1073741824.0;  // bases x longest length x dModel/2 = 2^30
inline constexpr std::int64_t kMaxShiftFitDModel = 128;     // the SVD is O(d^3): 0.25 s at 128, 0.7 s at 256
inline constexpr std::int64_t kMaxShiftFitPositions = 4096;
inline constexpr double kMaxQuadraticPosition = 67108864.0;                   // 2^26 keeps p^2 exact in float64
inline constexpr std::int64_t kMaxRopeDecayDistance = std::int64_t{1} << 26;  // ropeDecay's maxDistance
inline constexpr double kMaxRopeDecayWork = 67108864.0;     // (maxDistance + 1) x dModel/2 = 2^26 cos/sin pairs
inline constexpr std::int64_t kMaxRopeDecaySamples = 4096;  // random q, k pairs
inline constexpr double kMaxRopeRandomWork = 268435456.0;   // samples x (maxDistance + 1) x dModel = 2^28
inline constexpr double kMaxScalingFactor = 1e6;            // scaling.factor, the betas and the llama3 factors
inline constexpr double kMinScalingParameter = 1e-6;

// The table the bindings export: each bound under the name the TypeScript
// API's `limits` gives it.
struct Limit {
  const char* name;
  double value;
};
inline constexpr Limit kLimits[] = {
    {"maxDModel", static_cast<double>(kMaxDModel)},
    {"maxPositions", static_cast<double>(kMaxPositions)},
    {"maxAbsPosition", kMaxAbsPosition},
    {"maxBase", kMaxBase},
    {"maxFrequency", kMaxFrequency},
    {"minFrequency", kMinFrequency},
    {"maxEncodeScale", kMaxEncodeScale},
    {"maxOutputBytes", static_cast<double>(kMaxOutputBytes)},
    {"maxDotByOffsetWork", kMaxDotByOffsetWork},
    {"maxPairwiseWork", kMaxPairwiseWork},
    {"maxRotationWork", kMaxRotationWork},
    {"maxIdentifyValues", kMaxIdentifyValues},
    {"maxRopeValues", kMaxRopeValues},
    {"maxNormalSamples", kMaxNormalSamples},
    {"maxSeed", kMaxSeed},
    {"maxNormalStd", kMaxNormalStd},
    {"maxTokenStd", kMaxTokenStd},
    {"maxAttentionPositions", static_cast<double>(kMaxAttentionPositions)},
    {"maxAttentionWidth", static_cast<double>(kMaxAttentionWidth)},
    {"maxAttentionWork", kMaxAttentionWork},
    {"maxAlibiHeads", static_cast<double>(kMaxAlibiHeads)},
    {"maxEmbeddingScaleValues", static_cast<double>(kMaxEmbeddingScaleValues)},
    {"embeddingScaleBlock", static_cast<double>(kEmbeddingScaleBlock)},
    {"maxResolutionCases", static_cast<double>(kMaxResolutionCases)},
    {"maxResolutionWork", kMaxResolutionWork},
    {"maxShiftFitDModel", static_cast<double>(kMaxShiftFitDModel)},
    {"maxShiftFitPositions", static_cast<double>(kMaxShiftFitPositions)},
    {"maxQuadraticPosition", kMaxQuadraticPosition},
    {"maxRopeDecayDistance", static_cast<double>(kMaxRopeDecayDistance)},
    {"maxRopeDecayWork", kMaxRopeDecayWork},
    {"maxRopeDecaySamples", static_cast<double>(kMaxRopeDecaySamples)},
    {"maxRopeRandomWork", kMaxRopeRandomWork},
    {"maxScalingFactor", kMaxScalingFactor},
    {"minScalingParameter", kMinScalingParameter},
};

}  // namespace phasor
