/** The job queue as the composition root, the agent gateway and the purposes' owners see it. */
export {
  JobQueue,
  type ClosedJob,
  type JobAnswer,
  type JobOwner,
  type JobRequest,
  type JobUndone,
  type OutgoingJob,
  type QueuedJob,
  type SentJob,
} from './queue';
export { JOB_PURPOSES, type JobPurpose } from './purposes';
