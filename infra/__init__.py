"""Deployment descriptions kept next to the code: the SAM template's readers and the layer build."""
