export * from './api';
export { readWebFilterRequest, type AssistantReading, type AssistantVocabulary } from './webfilter-request';
export { readProfileRequest, type ProfileVocabulary } from './profile-request';
export { draftPayloadHash } from './draft-hash';
