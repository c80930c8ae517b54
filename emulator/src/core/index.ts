export { DatabaseError } from './errors.js';
export { type Path, parsePath, pathToString, relativePath, validateKey, nameCompare } from './path.js';
export { validateWriteData } from './validate.js';
export { type DataNode, EMPTY_NODE, nodeFromJSON, ChildrenNode } from './node.js';
export { doubleToIEEE754String } from './hash.js';
export { resolveServerValues } from './serverValues.js';
export { setJsonProperty } from './json.js';
export {
  type QueryParams,
  DEFAULT_QUERY,
  queryParamsFromWire,
  queryParamsFromRest,
  queryParamsToWire,
  queryIdentifier,
  isDefaultQuery,
  loadsAllData,
  indexedPath,
} from './queryParams.js';
export { applyQuery } from './queryWindow.js';
