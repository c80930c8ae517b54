// The area's routed pages, one per file; this module is the area's lazily loaded chunk.
export { MembersPage } from './MembersPage';
export { AddMemberPage } from './AddMemberPage';
export { DetailMemberPage } from './DetailMemberPage';
export { DeleteMemberPage } from './DeleteMemberPage';
