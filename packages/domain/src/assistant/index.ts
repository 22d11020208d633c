export * from './api';
export { readWebFilterRequest, type AssistantReading, type AssistantVocabulary } from './webfilter-request';
export { readProfileRequest, type ProfileVocabulary } from './profile-request';
export { draftPayloadHash } from './draft-hash';
export {
  checkModelAnswer,
  modelAnswerJsonSchema,
  summariseProfile,
  summariseWebFilterPolicy,
  type AssistantVocabularyFor,
  type CheckedModelAnswer,
} from './model-answer';
