import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import { CLASSIFICATIONS } from './scoring';
import { createFlowInput, updateFlowInput, type FlowOut } from './schemas';
import { TEMPLATE_AGREEMENTS, TEMPLATE_FLOW, TEMPLATE_FORMS } from './template';
import { writeFormTree } from './write-form-tree';

const flowSelect = {
  id: true,
  createdAt: true,
  updatedAt: true,
  nameEn: true,
  nameAr: true,
  isDefault: true,
  forms: {
    select: { id: true, type: true, nameEn: true, nameAr: true, status: true, version: true },
    orderBy: [{ type: 'asc' }, { version: 'desc' }],
  },
} satisfies Prisma.KycFlowSelect;

type FlowRow = { id: string; createdAt: Date; updatedAt: Date; nameEn: string; nameAr: string; isDefault: boolean; forms: FlowOut['forms'] };

function flowOut(f: FlowRow): FlowOut {
  return { ...f, createdAt: formatTimestamp(f.createdAt), updatedAt: formatTimestamp(f.updatedAt) };
}

/** The tenant's flows, the default first, each with its forms (every version, newest first per type). */
export async function listFlows({ tenantId, page }: { tenantId: string; page: PageQuery }) {
  return withTenant(tenantId, async (tx) => {
    const [rows, total] = await Promise.all([
      tx.kycFlow.findMany({ where: { tenantId }, select: flowSelect, orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }], ...pageOf(page) }),
      tx.kycFlow.count({ where: { tenantId } }),
    ]);
    return { meta: buildMeta(page, total), data: rows.map(flowOut) };
  });
}

export async function findFlow(tx: Tx, tenantId: string, flowId: string) {
  const flow = await tx.kycFlow.findFirst({ where: { id: flowId, tenantId }, select: flowSelect });
  if (!flow) throw AppError.notFound();
  return flow;
}

/**
 * Makes `flowId` the tenant's default: new prospects and clients get their KYC on it, and KYC
 * records made while the tenant had no default flow are attached to it.
 */
async function makeDefault(tx: Tx, tenantId: string, flowId: string) {
  await tx.kycFlow.updateMany({ where: { tenantId, isDefault: true, NOT: { id: flowId } }, data: { isDefault: false } });
  await tx.kycFlow.update({ where: { id: flowId }, data: { isDefault: true } });
  await tx.kyc.updateMany({ where: { tenantId, flowId: null }, data: { flowId } });
}

/**
 * Copies the shipped template (lib/kyc/template.ts) into a new flow of the tenant: its five forms
 * Published, and its agreements for every classification. `tenant:create` does this for every new
 * tenant (as its default flow); officers may add another copy from the flows screen.
 */
export async function installTemplateFlow(tx: Tx, tenantId: string, options: { isDefault: boolean; nameEn?: string; nameAr?: string }) {
  const flow = await tx.kycFlow.create({
    data: { tenantId, nameEn: options.nameEn ?? TEMPLATE_FLOW.nameEn, nameAr: options.nameAr ?? TEMPLATE_FLOW.nameAr, isDefault: false },
    select: { id: true },
  });
  const now = new Date();
  for (const template of TEMPLATE_FORMS) {
    const id = crypto.randomUUID();
    await tx.kycForm.create({
      data: {
        id,
        tenantId,
        flowId: flow.id,
        lineageId: id,
        type: template.type,
        nameEn: template.nameEn,
        nameAr: template.nameAr,
        passMark: template.passMark,
        status: 'Published',
        publishedAt: now,
      },
    });
    await writeFormTree(tx, tenantId, id, template, { modifiedByUser: false });
  }
  await tx.kycAgreement.createMany({
    data: CLASSIFICATIONS.flatMap((classification) =>
      TEMPLATE_AGREEMENTS.map((a, sortOrder) => ({ tenantId, flowId: flow.id, classification, sortOrder, ...a })),
    ),
  });
  if (options.isDefault) await makeDefault(tx, tenantId, flow.id);
  return flow;
}

export async function createFlow({
  tenantId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  input: z.output<typeof createFlowInput>;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const isDefault = input.isDefault ?? (await tx.kycFlow.count({ where: { tenantId } })) === 0;
    let flowId: string;
    if (input.fromTemplate) {
      flowId = (await installTemplateFlow(tx, tenantId, { isDefault, nameEn: input.nameEn, nameAr: input.nameAr })).id;
    } else {
      flowId = (await tx.kycFlow.create({ data: { tenantId, nameEn: input.nameEn, nameAr: input.nameAr }, select: { id: true } })).id;
      if (isDefault) await makeDefault(tx, tenantId, flowId);
    }
    const flow = await findFlow(tx, tenantId, flowId);
    await writeAudit(tx, { tenantId, actor, action: 'kyc.flow.create', targetType: 'KycFlow', targetId: flowId, after: { ...input, isDefault }, requestId });
    return { data: flowOut(flow) };
  });
}

export async function updateFlow({
  tenantId,
  flowId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  flowId: string;
  input: z.output<typeof updateFlowInput>;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const before = await findFlow(tx, tenantId, flowId);
    if (input.nameEn || input.nameAr) await tx.kycFlow.update({ where: { id: flowId }, data: { nameEn: input.nameEn, nameAr: input.nameAr } });
    if (input.isDefault && !before.isDefault) await makeDefault(tx, tenantId, flowId);
    const after = await findFlow(tx, tenantId, flowId);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'kyc.flow.update',
      targetType: 'KycFlow',
      targetId: flowId,
      before: { nameEn: before.nameEn, nameAr: before.nameAr, isDefault: before.isDefault },
      after: { nameEn: after.nameEn, nameAr: after.nameAr, isDefault: after.isDefault },
      requestId,
    });
    return { data: flowOut(after) };
  });
}
