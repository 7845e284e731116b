import { z } from "zod";

export const coverAnalysisMessageSchema = z.object({ bookId: z.string().min(1), key: z.string().min(1) });
export type CoverAnalysisMessage = z.infer<typeof coverAnalysisMessageSchema>;

export async function handleCoverAnalysisBatch(batch: MessageBatch<CoverAnalysisMessage>, _env: Env, _ctx: ExecutionContext) {
  for (const message of batch.messages) message.retry({ delaySeconds: 30 });
}
