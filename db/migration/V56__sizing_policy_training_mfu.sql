-- Issue 15: the model FLOPs utilisation a tenant assumes for training-time estimates. NULL: the documented default
-- (0.40, PerformanceModel.DEFAULT_TRAINING_MFU). Bounds as the application checks them.
alter table sizing_policies
    add column training_mfu numeric(4, 3) check (training_mfu between 0.05 and 0.80);
