import type { AssistantReading, AssistantVocabularyFor } from '@netloom/domain';

/** One request to read: the admin's words and the tenant's own names, nothing else. */
export type AssistantQuery = AssistantVocabularyFor & { prompt: string };

export interface EngineAnswer {
  reading: AssistantReading<object>;
  engine: 'built-in' | 'model';
  /** Said before the answer: why the built-in engine answered instead of the model. */
  note?: string;
}

/** What reads a request: the built-in grammar, or a language model with the built-in one behind it. */
export interface AssistantEngine {
  read(query: AssistantQuery): Promise<EngineAnswer>;
}
