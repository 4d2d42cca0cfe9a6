-- Entity.relationshipEndedAt follows the status (the AML retention period runs from it): set when
-- an entity becomes Deactivated or Deceased, cleared when it becomes Active or Blocked again.
-- A trigger, so every writer (API, officer app, bulk jobs) keeps it.
CREATE OR REPLACE FUNCTION crm_relationship_end() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('Deactivated', 'Deceased') AND OLD."status" NOT IN ('Deactivated', 'Deceased') THEN
    NEW."relationshipEndedAt" := now();
  ELSIF NEW."status" IN ('Active', 'Blocked') AND OLD."status" IN ('Deactivated', 'Deceased') THEN
    NEW."relationshipEndedAt" := NULL;
  END IF;
  RETURN NEW;
END $$;
