import { entityStaticFee } from '../../protocol/fees';
import { EntityAction, EntityType, type TransactionData } from '../../protocol/transactions';
import type { Entity, EntityData, Wallet } from '../state';
import type { StateOverlay } from '../state';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

interface EntityFields {
  type: number;
  subType: number;
  action: number;
  registrationId?: string;
  data: { name?: string; ipfsData?: string };
}

function fieldsOf(tx: TransactionData): EntityFields {
  const asset = tx.asset;
  if (asset?.type === undefined || asset.subType === undefined || asset.action === undefined || !asset.data) {
    throw new ApplyError('the entity transaction has no type, subType, action and data');
  }
  const fields: EntityFields = {
    type: asset.type,
    subType: asset.subType,
    action: asset.action,
    data: asset.data,
  };
  if (asset.registrationId !== undefined) fields.registrationId = asset.registrationId;
  return fields;
}

function registrationIdOf(fields: EntityFields): string {
  if (fields.registrationId === undefined)
    throw new ApplyError('the entity update/resign has no registrationId');
  return fields.registrationId;
}

function checkRegister(fields: EntityFields, state: StateOverlay, sender: Readonly<Wallet>): void {
  const name = fields.data.name;
  if (name === undefined) throw new ApplyError('an entity registration needs data.name');
  if (state.entityIdByName(fields.type, name) !== undefined) {
    throw new ApplyError(`an entity of type ${fields.type} named "${name}" is already registered`);
  }
  if (fields.type === EntityType.Delegate && sender.delegate?.username !== name) {
    throw new ApplyError(
      `a Delegate entity must be named after the sender's delegate username, not "${name}"`,
    );
  }
}

function checkOwned(fields: EntityFields, state: StateOverlay, sender: Readonly<Wallet>): void {
  const id = registrationIdOf(fields);
  const entity = state.entity(id);
  if (!entity) throw new ApplyError(`the entity ${id} is not registered`);
  if (entity.address !== sender.address)
    throw new ApplyError(`the entity ${id} does not belong to ${sender.address}`);
  if (entity.resigned) throw new ApplyError(`the entity ${id} has resigned`);
  if (entity.type !== fields.type || entity.subType !== fields.subType) {
    throw new ApplyError(
      `the entity ${id} is of type ${entity.type}/${entity.subType}, not ${fields.type}/${fields.subType}`,
    );
  }
}

function mutableEntityOf(tx: TransactionData, state: StateOverlay): Entity {
  const id = registrationIdOf(fieldsOf(tx));
  const entity = state.mutableEntity(id);
  if (!entity) throw new Error(`state invariant: the entity ${id} is missing`);
  return entity;
}

/**
 * Entity register / update / resign (Magistrate 6, core-magistrate-transactions 3.9.1, protocol.md §5): the fee
 * must equal the action's static fee; a name is unique per type; a Delegate entity carries the sender's
 * username; only the owner updates or resigns an entity that has not resigned, with the same type and subType.
 */
export const entity: TransactionHandler = {
  check(tx, state, _ctx, sender) {
    const fields = fieldsOf(tx);
    const fee = entityStaticFee(tx);
    if (tx.fee !== fee) throw new ApplyError(`the entity fee must be exactly ${fee} arktoshi, got ${tx.fee}`);
    if (fields.action === EntityAction.Register) checkRegister(fields, state, sender);
    else if (fields.action === EntityAction.Update || fields.action === EntityAction.Resign) {
      checkOwned(fields, state, sender);
    } else throw new ApplyError(`unknown entity action ${fields.action}`);
  },
  applyToSender(tx, state) {
    const fields = fieldsOf(tx);
    if (fields.action === EntityAction.Register) {
      const data: EntityData = { name: fields.data.name ?? '' };
      if (fields.data.ipfsData !== undefined) data.ipfsData = fields.data.ipfsData;
      if (tx.id === undefined) throw new ApplyError('the transaction has no id');
      state.putEntity({
        id: tx.id,
        address: senderAddress(tx, state),
        publicKey: tx.senderPublicKey,
        type: fields.type,
        subType: fields.subType,
        data,
        resigned: false,
        dataHistory: [],
      });
    } else if (fields.action === EntityAction.Update) {
      const target = mutableEntityOf(tx, state);
      target.dataHistory.push({ ...target.data });
      if (fields.data.ipfsData !== undefined)
        target.data = { ...target.data, ipfsData: fields.data.ipfsData };
    } else {
      mutableEntityOf(tx, state).resigned = true;
    }
  },
  revertForSender(tx, state) {
    const fields = fieldsOf(tx);
    if (fields.action === EntityAction.Register) {
      if (tx.id !== undefined) state.removeEntity(tx.id);
    } else if (fields.action === EntityAction.Update) {
      const target = mutableEntityOf(tx, state);
      const previous = target.dataHistory.pop();
      if (!previous) throw new Error(`state invariant: entity ${target.id} has no data to restore`);
      target.data = previous;
    } else {
      mutableEntityOf(tx, state).resigned = false;
    }
  },
};
