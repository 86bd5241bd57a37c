// "Copy as code": a chart's table or RoPE cache as a PyTorch, NumPy, JAX or
// TensorFlow snippet that computes exactly those numbers.
import type { CodeConfig, Framework } from './code-config.js';
import { ropeCode } from './rope-code.js';

export { ropeSuffixes } from './rope-code.js';
import { tableCode } from './table-code.js';

export {
  FRAMEWORKS,
  FRAMEWORK_NAMES,
  type CodeConfig,
  type Framework,
  type RopeCode,
  type TableCode,
} from './code-config.js';

export function codeSnippet(config: CodeConfig, framework: Framework): string {
  if (config.kind === 'rope') return ropeCode(config, framework);
  const { kind: _kind, ...options } = config;
  return tableCode(options, framework);
}
