export { DatabaseError } from './errors.js';
export {
  type Path,
  parsePath,
  pathToString,
  relativePath,
  validateKey,
  nameCompare,
  tryParseInt,
  utf8Length,
  MIN_NAME,
  MAX_NAME,
  MAX_KEY_BYTES,
  MAX_PATH_DEPTH,
} from './path.js';
export { validateWriteData, MAX_LEAF_BYTES } from './validate.js';
export {
  type DataNode,
  type Priority,
  type LeafValue,
  EMPTY_NODE,
  nodeFromJSON,
  compareNodes,
  comparePriorities,
  LeafNode,
  ChildrenNode,
} from './node.js';
export { sha1Base64, doubleToIEEE754String } from './hash.js';
export { resolveServerValues } from './serverValues.js';
export { setJsonProperty } from './json.js';
export {
  type QueryIndex,
  type QueryBound,
  type QueryParams,
  DEFAULT_QUERY,
  queryParamsFromWire,
  queryParamsFromRest,
  queryParamsToWire,
  queryIdentifier,
  isDefaultQuery,
  loadsAllData,
  indexedPath,
  indexToString,
} from './queryParams.js';
export { applyQuery } from './queryWindow.js';
